/**
 * Merged cells over a transactions sheet. Excel keeps the value of merged cells in their first
 * (top-left) cell and shows it across all of them: a session ID merged over A2:A3 is seen on rows
 * 2 and 3, but A3 is empty in the file. The value is not copied to the other rows (two
 * transactions would share a session ID no one typed for the second): a mapped cell covered this
 * way is noted on its row, which is held back with the cell, the merged cells and where their
 * value is, so the analyst knows why a value they can see is "missing" and what to do.
 */
import { englishLabels } from './field-labels';
import type { MappableField } from './header-names';
import { columnName } from './problem';
import type { Cell, MergedArea } from './types';

/**
 * The merged areas worth telling the analyst about: more than one cell, and a value in the first
 * one (Excel shows an empty one as empty everywhere). `rows` are the sheet's rows after the other
 * cells of each area were emptied (`clearCoveredCells`).
 */
export function mergesWithValues(
  rows: readonly Cell[][],
  merges: readonly MergedArea[],
): MergedArea[] {
  return merges
    .filter((merge) => merge.e.r > merge.s.r || merge.e.c > merge.s.c)
    .filter((merge) => {
      const first = rows[merge.s.r]?.[merge.s.c] ?? null;
      return first !== null && first.text.trim() !== '';
    })
    .map(({ s, e }) => ({ s: { r: s.r, c: s.c }, e: { r: e.r, c: e.c } }));
}

/** `A2:A3`, as Excel names the area. */
export function rangeName(merge: MergedArea): string {
  const { s, e } = merge;
  return `${columnName(s.c)}${String(s.r + 1)}:${columnName(e.c)}${String(e.r + 1)}`;
}

/** Finds the merged area that covers a cell other than its first; see `coveredCells`. */
export interface CoveredCells {
  /** `index` is the 0-based row, `column` 0-based. */
  at(index: number, column: number): MergedArea | undefined;
}

/**
 * The lookup of covered cells in the mapped `columns`, below `headerRow`: an area that starts on
 * the header row (a header written over two rows) shows a header, not a value of the rows below.
 * Undefined when no area covers a mapped column. Areas are listed per mapped column and ordered by
 * row, so a cell costs a binary search however many areas the sheet has.
 */
export function coveredCells(
  merges: readonly MergedArea[] | undefined,
  columns: ReadonlyArray<number | undefined>,
  headerRow: number,
): CoveredCells | undefined {
  if (merges === undefined || merges.length === 0) return undefined;
  const byColumn = new Map<number, MergedArea[]>();
  for (const column of new Set(columns)) {
    if (column === undefined) continue;
    const list = merges
      .filter((m) => m.s.r > headerRow && m.s.c <= column && column <= m.e.c)
      .sort((a, b) => a.s.r - b.s.r);
    if (list.length > 0) byColumn.set(column, list);
  }
  if (byColumn.size === 0) return undefined;
  return {
    at(index, column) {
      const list = byColumn.get(column);
      if (list === undefined) return undefined;
      // The last area starting at or above the row: areas do not overlap (see clearCoveredCells).
      let low = 0;
      let high = list.length - 1;
      let found: MergedArea | undefined;
      while (low <= high) {
        const middle = (low + high) >> 1;
        const merge = list[middle] as MergedArea;
        if (merge.s.r <= index) {
          found = merge;
          low = middle + 1;
        } else high = middle - 1;
      }
      if (found === undefined || found.e.r < index) return undefined;
      return index === found.s.r && column === found.s.c ? undefined : found;
    },
  };
}

/** A note on a row: this field's cell (`A3`) is covered by the merged cells `A2:A3`. */
export type MergedNote = `merged:${MappableField}:${string}`;

export function mergedNote(field: MappableField, cell: string, range: string): MergedNote {
  return `merged:${field}:${cell}:${range}`;
}

/** A covered cell a row's notes name. */
export interface MergedCell {
  field: MappableField;
  cell: string;
  range: string;
}

const fieldNames = new Set<string>(Object.keys(englishLabels));

/** The covered cells a row's notes name, in the order noted. */
export function mergedCells(notes: readonly string[]): MergedCell[] {
  const found: MergedCell[] = [];
  for (const note of notes) {
    if (!note.startsWith('merged:')) continue;
    const [, field = '', cell = '', from = '', to = ''] = note.split(':');
    if (fieldNames.has(field) && cell !== '' && from !== '' && to !== '')
      found.push({ field: field as MappableField, cell, range: `${from}:${to}` });
  }
  return found;
}

/** The row (1-based) of the first cell of a merged area named `A2:A3`, where its value is. */
export function valueRowOf(range: string): number {
  const first = range.slice(0, range.indexOf(':'));
  return Number(first.replace(/^[A-Z]+/, ''));
}

/**
 * `row 3, column A (Session ID): A3 is part of the merged cells A2:A3, whose value is on row 2, so
 * the cell is empty. The row is not sent.`: one English sentence for the command line. `label`
 * names the column; `outcome` says what becomes of the row (sent, applied).
 */
export function describeCoveredCell(
  row: number,
  cell: { cell: string; range: string },
  label: string,
  outcome: string,
): string {
  const column = cell.cell.replace(/\d+$/, '');
  const first = cell.range.slice(0, cell.range.indexOf(':'));
  const valueRow = valueRowOf(cell.range);
  const where = valueRow === row ? `in ${first}` : `on row ${String(valueRow)}`;
  return (
    `row ${String(row)}, column ${column} (${label}): ${cell.cell} is part of the merged cells ` +
    `${cell.range}, whose value is ${where}, so the cell is empty. ${outcome}`
  );
}

/** A transactions sheet's covered cell, as `describeCoveredCell` says it. */
export function describeMergedCell(row: number, cell: MergedCell): string {
  return describeCoveredCell(row, cell, englishLabels[cell.field], 'The row is not sent.');
}

/** What the analyst can do, said once after the cells. */
export const mergedCellAdvice =
  'Excel keeps the value of merged cells in their first cell only, though it shows it across ' +
  'them: unmerge them in Excel and fill in each row (or cell), then import the file again.';
