import { useId } from 'react';
import type { FileProblem } from '../../../../shared/outcomes/types';
import { useI18n } from '../../i18n/i18n';
import { problemText } from './problem-text';

/** The most problems listed at once; the count says how many more there are. */
const shown = 200;

/**
 * Why a file cannot be saved or sent, one line per problem, in the order of the file. `total`
 * counts them all when `problems` holds only the first (a file read on a worker sends no more).
 */
export function ProblemList({
  problems,
  total = problems.length,
}: {
  problems: readonly FileProblem[];
  total?: number;
}) {
  const { t } = useI18n();
  const id = useId();
  const sorted = [...problems].sort((a, b) => a.line - b.line);
  return (
    <div
      className="notice notice-error file-problems"
      role="alert"
      aria-labelledby={`${id}-title`}
      data-testid="file-problems"
    >
      <p id={`${id}-title`} className="notice-title">
        {t('uploads.problems.title', { count: total })}
      </p>
      <ul className="notice-details">
        {sorted.slice(0, shown).map((problem, index) => (
          <li key={index} data-code={problem.code} data-line={problem.line}>
            {problemText(problem, t)}
          </li>
        ))}
      </ul>
      {total > Math.min(sorted.length, shown) ? (
        <p className="hint">
          {t('uploads.problems.more', { count: total - Math.min(sorted.length, shown) })}
        </p>
      ) : null}
    </div>
  );
}
