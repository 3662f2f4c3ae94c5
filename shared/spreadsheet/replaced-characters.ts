/**
 * Cells holding U+FFFD, the replacement character: a decoder put it where the file had bytes it
 * could not read (a Windows-1252 byte in a file marked UTF-8, say), and the original character
 * is lost. Also C1 controls (U+0080 to U+009F): the five bytes Windows-1252 leaves undefined
 * decode to them, invisibly, and no real text holds them. Nothing replaces a character silently: the command line and the import report name
 * the cells, so the analyst can fix the file's encoding before the values are sent.
 */
import { columnName } from './problem';
import type { Cell } from './types';

export interface ReplacedCells {
  /** Every cell that holds U+FFFD. */
  count: number;
  /** The first ten of them, as `B2` (column letters, 1-based row as the sheet shows it). */
  cells: string[];
}

const shown = 10;

/** U+FFFD, or a C1 control (written as a range so no control character sits in the source). */
const broken = /[\ufffd\u0080-\u009f]/;

export function replacedCells(rows: Iterable<Cell[]>): ReplacedCells {
  const found: ReplacedCells = { count: 0, cells: [] };
  let row = 0;
  for (const cells of rows) {
    addReplaced(found, cells, row);
    row += 1;
  }
  return found;
}

/** Counts the replaced characters of one row (`row` 0-based) into `found`. */
export function addReplaced(found: ReplacedCells, cells: Cell[], row: number): void {
  cells.forEach((cell, column) => {
    if (cell === null || !broken.test(cell.text)) return;
    found.count += 1;
    if (found.cells.length < shown) found.cells.push(`${columnName(column)}${String(row + 1)}`);
  });
}

/** One English sentence for the command line (the app words it in the analyst's language). */
export function describeReplacedCells({ count, cells }: ReplacedCells): string {
  const more = count > cells.length ? ` and ${String(count - cells.length)} more` : '';
  const what =
    count === 1
      ? `1 cell (${cells.join(', ')}) holds`
      : `${String(count)} cells (${cells.join(', ')}${more}) hold`;
  return `${what} a character that could not be decoded (U+FFFD, or an invisible control): check the file was saved as UTF-8.`;
}
