import { WaitingButton } from './waiting-button';
import './confirm-dialog.css';
import { useEffect, useId, useRef } from 'react';
import { useI18n } from '../i18n/i18n';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** A dangerous or costly action: the confirm button shows it. */
  danger?: boolean;
  /**
   * Which answer Enter gives when the dialog opens. Cancel by default; "confirm" where the
   * question follows a deliberate key (the review queue's `2` then `Enter`), so the second key
   * does what the first asked for. Escape still cancels.
   */
  focus?: 'cancel' | 'confirm';
  /**
   * The answer sends to production: the dialog carries the red PRODUCTION marker itself, since
   * the page's banner may be scrolled away behind it.
   */
  production?: boolean;
  /**
   * What the answer is about is changing (the file being built again): the confirm button waits
   * (`aria-disabled`, clicks ignored, focus kept) until it is known.
   */
  waiting?: boolean;
  testId?: string;
}

/**
 * A modal question with two answers, on the native `<dialog>`: focus is trapped and restored by
 * the browser, and Escape answers "cancel".
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, message, confirmLabel, cancelLabel, onConfirm, onCancel } = props;
  const { t } = useI18n();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  const focusConfirm = props.focus === 'confirm';

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      // Focused here, when it opens, not with React's autoFocus: that focuses the button as the
      // closed dialog mounts, which makes the browser lay out the whole page there and then
      // (43 ms when the batch screen of a big import opened, issue 13).
      (focusConfirm ? confirm : cancel).current?.focus();
    }
    if (!open && element.open) element.close();
  }, [open, focusConfirm]);

  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby={`${id}-title`}
      // The marker is read with the question, not only seen.
      aria-describedby={props.production ? `${id}-marker ${id}-text` : `${id}-text`}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      data-testid={props.testId}
    >
      {props.production ? (
        <p id={`${id}-marker`} className="dialog-production" data-testid="dialog-production-marker">
          {t('dialog.production')}
        </p>
      ) : null}
      <h2 id={`${id}-title`} className="dialog-title">
        {title}
      </h2>
      <p id={`${id}-text`}>{message}</p>
      <div className="row dialog-buttons">
        <button type="button" className="button" onClick={onCancel} ref={cancel}>
          {cancelLabel}
        </button>
        <WaitingButton
          className={props.danger ? 'button button-danger' : 'button button-primary'}
          waiting={props.waiting === true}
          onClick={onConfirm}
          ref={confirm}
          data-testid={props.testId ? `${props.testId}-confirm` : undefined}
        >
          {confirmLabel}
        </WaitingButton>
      </div>
    </dialog>
  );
}
