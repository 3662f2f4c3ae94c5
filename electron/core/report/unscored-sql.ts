import { rowStatuses } from '../../../shared/contract/results';
import { unscoredReason } from '../../../shared/report/labels';

/**
 * `unscoredReason` in SQL: the reason a row without a score is left out, from `column` (a
 * `result_index.status`). Written from the function itself, so the two cannot drift apart.
 */
export function unscoredSql(column: string): string {
  const cases = (['pending', ...rowStatuses] as const).map(
    (state) => `WHEN '${state}' THEN '${unscoredReason(state)}'`,
  );
  return `CASE ${column} ${cases.join(' ')} ELSE 'no_score' END`;
}
