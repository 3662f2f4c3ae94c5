import { useEffect, useId, useRef } from 'react';
import { appCommands } from '../../../shared/app-commands';
import { KeyLegend } from '../features/review/key-legend';
import { useI18n } from '../i18n/i18n';
import '../components/confirm-dialog.css';

function Keys({ keys }: { keys: readonly string[] }) {
  return (
    <>
      {keys.map((key, index) => (
        <span key={key}>
          {index > 0 ? '+' : null}
          <kbd>{key}</kbd>
        </span>
      ))}
    </>
  );
}

/**
 * Every shortcut of the app: its own commands (the same table as the menu) and the review queue's
 * keys. The native modal `<dialog>` traps focus and restores it; Escape closes.
 */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, locale } = useI18n();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="dialog shortcuts-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      data-testid="shortcuts-dialog"
    >
      <h2 id={`${id}-title`} className="dialog-title">
        {t('shortcuts.title')}
      </h2>
      {open ? (
        <>
          <section aria-labelledby={`${id}-app`}>
            <h3 id={`${id}-app`}>{t('shortcuts.app')}</h3>
            <dl>
              {appCommands.map((command) => (
                <div key={command.id} className="key-legend-entry" data-command={command.id}>
                  <dt>
                    <Keys keys={command.keys} />
                    {command.alternatives?.map((keys) => (
                      <span key={keys.join('+')}>
                        {' '}
                        {t('shortcuts.or')} <Keys keys={keys} />
                      </span>
                    ))}
                  </dt>
                  <dd>{command.label[locale]}</dd>
                </div>
              ))}
            </dl>
            <p className="hint">{t('shortcuts.mac')}</p>
          </section>
          <KeyLegend id={`${id}-review`} />
        </>
      ) : null}
      <div className="row dialog-buttons">
        <button type="button" className="button" onClick={onClose} autoFocus>
          {t('shortcuts.close')}
        </button>
      </div>
    </dialog>
  );
}
