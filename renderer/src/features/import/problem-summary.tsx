import { useI18n } from '../../i18n/i18n';
import type { ProblemCount } from '../../workers/import-protocol';
import { describeProblem } from '../../lib/field-problem-text';

/** How many rows break each rule, most common first. */
export function ProblemSummary({ counts }: { counts: ProblemCount[] }) {
  const { t, number } = useI18n();
  if (counts.length === 0) {
    return (
      <p className="success" data-testid="problem-summary">
        {t('import.summary.none')}
      </p>
    );
  }
  const sorted = [...counts].sort((a, b) => b.count - a.count);
  return (
    <table className="problem-summary" data-testid="problem-summary">
      <caption>{t('import.summary.title')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('import.summary.problem')}</th>
          <th scope="col" className="numeric">
            {t('import.summary.rows')}
          </th>
        </tr>
      </thead>
      <tbody>
        {sorted.map((count) => (
          <tr key={`${count.field}|${count.rule}`}>
            <td>{describeProblem(t, count)}</td>
            <td className="numeric">{number(count.count)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
