import { useState } from 'react';
import { useI18n } from '../i18n/i18n';

interface CopyButtonProps {
  /** What goes to the clipboard. */
  text: string;
  /** The button's accessible name, saying what is copied ("Copy the external ID order-1"). */
  label: string;
  /** The visible text; "Copy" when not given. */
  children?: string;
  testId?: string;
}

/**
 * One click puts `text` on the clipboard. The result is said in a live region beside the button
 * ("Copied", or why not), so a screen reader hears it without the focus moving.
 */
export function CopyButton({ text, label, children, testId }: CopyButtonProps) {
  const { t } = useI18n();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <span className="copy-button">
      <button
        type="button"
        className="link-button"
        aria-label={label}
        title={label}
        onClick={() =>
          void navigator.clipboard.writeText(text).then(
            () => setState('copied'),
            () => setState('failed'),
          )
        }
        data-testid={testId}
      >
        {children ?? t('copy.button')}
      </button>
      <span role="status" className="hint" data-testid={testId ? `${testId}-status` : undefined}>
        {state === 'copied' ? t('copy.done') : state === 'failed' ? t('copy.failed') : ''}
      </span>
    </span>
  );
}
