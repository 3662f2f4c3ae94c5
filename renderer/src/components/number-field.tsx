import { useI18n } from '../i18n/i18n';
import { parseLocaleNumber, type NumberRules } from '../lib/locale-number';

interface NumberFieldProps extends NumberRules {
  id: string;
  value: string;
  onChange: (text: string) => void;
  className?: string;
  required?: boolean;
  testId?: string;
  /** A problem the field cannot see by itself (a range whose ends are crossed, say). */
  error?: string;
  /** The ID of a hint that says what the number is for, read with the field. */
  describedBy?: string;
}

/**
 * A number typed in either decimal mark. A text field, not `type="number"`, so Chromium keeps
 * `0,8` as typed; when the text cannot be used, the field says so beside it instead of the form
 * quietly ignoring it.
 */
export function NumberField(props: NumberFieldProps) {
  const { t, number } = useI18n();
  const parsed = parseLocaleNumber(props.value, props);
  const range = { min: number(props.min), max: number(props.max) };
  const message = !parsed.ok
    ? parsed.problem === 'grouped'
      ? t('number.grouped', { ungrouped: parsed.ungrouped })
      : t(props.integer ? 'number.wholeInRange' : 'number.inRange', range)
    : props.value.trim() === '' && props.required
      ? t('number.required')
      : props.error;
  const errorId = `${props.id}-error`;
  return (
    <>
      <input
        id={props.id}
        className={props.className ?? 'input'}
        type="text"
        inputMode={props.integer ? 'numeric' : 'decimal'}
        autoComplete="off"
        value={props.value}
        required={props.required}
        aria-invalid={message !== undefined}
        aria-describedby={
          [props.describedBy, message !== undefined ? errorId : undefined]
            .filter(Boolean)
            .join(' ') || undefined
        }
        onChange={(event) => props.onChange(event.target.value)}
        data-testid={props.testId}
      />
      {message !== undefined ? (
        <span
          id={errorId}
          className="field-error"
          data-testid={props.testId && `${props.testId}-error`}
        >
          {message}
        </span>
      ) : null}
    </>
  );
}
