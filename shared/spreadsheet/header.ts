/** Finding the header row: exports often start with a title, a date or blank rows. */
import { fieldOfHeader } from './header-names';
import type { Cell } from './types';

/** How far down a header row is looked for. */
export const headerSearchRows = 20;

/**
 * The 0-based index of the header row: among the first 20 rows, the one with the most cells
 * naming a transaction field (`CPF`, `E-mail`, `Pedido`, …; see `header-names.ts`), the earliest
 * on a tie. When no row names any field, the first non-empty row (0 when all are empty), so a
 * sheet with unfamiliar headers still starts where its data does.
 */
export function detectHeaderRow(rows: Cell[][]): number {
  const named = namedHeaderRow(rows);
  if (named >= 0) return named;
  const end = Math.min(rows.length, headerSearchRows);
  const firstFilled = rows.slice(0, end).findIndex((row) => row.some((cell) => cell !== null));
  return Math.max(firstFilled, 0);
}

/**
 * The row `detectHeaderRow` picks for naming the most fields; -1 when none names any. `from` and
 * `to` (0-based, `to` excluded) let the row limit look further down (see `headerRowOf`).
 */
export function namedHeaderRow(rows: Cell[][], from = 0, to = headerSearchRows): number {
  let best = -1;
  let bestScore = 0;
  const end = Math.min(rows.length, to);
  for (let index = from; index < end; index += 1) {
    const fields = new Set<string>();
    for (const cell of rows[index] ?? []) {
      const field = cell === null || cell.numeric ? null : fieldOfHeader(cell.text);
      if (field !== null) fields.add(field);
    }
    if (fields.size > bestScore) [best, bestScore] = [index, fields.size];
  }
  return best;
}

/** The header texts of a row, `''` for empty cells, ready for `autoMapColumns`. */
export function headerTexts(rows: Cell[][], headerRow: number): string[] {
  return Array.from(rows[headerRow] ?? [], (cell) => cell?.text.trim() ?? '');
}
