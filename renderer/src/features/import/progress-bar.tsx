import { useId } from 'react';

/**
 * A progress bar with its label above it: indeterminate (an animated stripe) until `value` and
 * `max` are known.
 */
export function ProgressBar({
  label,
  value,
  max,
  testId,
}: {
  label: string;
  value?: number;
  max?: number;
  testId?: string;
}) {
  const id = useId();
  const known = value !== undefined && max !== undefined && max > 0;
  return (
    <div className="import-progress" data-testid={testId}>
      <p id={id} className="import-progress-label">
        {label}
      </p>
      <div
        role="progressbar"
        aria-labelledby={id}
        aria-valuemin={known ? 0 : undefined}
        aria-valuemax={known ? max : undefined}
        aria-valuenow={known ? value : undefined}
        className={known ? 'progress' : 'progress progress-indeterminate'}
      >
        <div
          className="progress-fill"
          style={known ? { width: `${String((value / max) * 100)}%` } : undefined}
        />
      </div>
    </div>
  );
}
