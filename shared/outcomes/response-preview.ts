/** The preview of a response-variable file: what the analyst sees before saving or sending it. */
import { outcomes } from '../domain/types';
import type { Outcome, ResponseVariableRow } from '../domain/types';
import { mayRunAsFormula } from '../spreadsheet/formula';
import type { ResponseFilePreview } from './types';

/** The totals per outcome and the first rows, exactly as the file carries them. */
export function previewResponseFile(
  rows: ResponseVariableRow[],
  sizeBytes: number,
  first = 10,
): ResponseFilePreview {
  const counts = Object.fromEntries(outcomes.map((outcome) => [outcome, 0])) as Record<
    Outcome,
    number
  >;
  const formulaLike = { count: 0, lines: [] as number[] };
  rows.forEach((row, index) => {
    counts[row.outcome] += 1;
    // The file keeps its values exact, for the service: it is the analyst who is warned, of
    // a start after a separator too, where a spreadsheet splitting on the other one starts a cell.
    if (!mayRunAsFormula(row.transactionId) && !mayRunAsFormula(row.deviceId)) return;
    formulaLike.count += 1;
    if (formulaLike.lines.length < 10) formulaLike.lines.push(index + 2);
  });
  return {
    total: rows.length,
    counts,
    firstRows: rows.slice(0, Math.max(first, 0)),
    sizeBytes,
    formulaLike,
  };
}
