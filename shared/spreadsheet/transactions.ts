/**
 * Sheet rows as RawTransactions, ready for `validateTransaction`, with the repairs made on the
 * way noted so the analyst can see them.
 */
import type { RawTransaction } from '../domain/types';
import { mappableFields } from './header-names';
import type { ColumnMapping } from './columns';
import { withoutFormulaGuard } from './formula';
import { cellErrorNote, cellIsError, type CellErrorNote } from './error-cells';
import { dateCellNoteOf, type DateCellNote } from './date-cells';
import { cellIsFormula, formulaCellNote, type FormulaCellNote } from './formula-cells';
import { cellLostDigits, lostDigitsNote, type LostDigitsNote } from './lost-digits';
import {
  coveredCells,
  mergedNote,
  rangeName,
  type CoveredCells,
  type MergedNote,
} from './merged-cells';
import { columnName } from './problem';
import type { Cell, MergedArea } from './types';

/** A repair made to a cell: a number that lost its leading zeros was padded back. */
export type PaddingNote = 'cpf_padded' | 'zip_padded';

/**
 * What was noticed in a row's cells: a repair, a number that lost digits, an Excel error, a cell
 * covered by merged cells, an ID cell shown as a date or a formula saved without its value.
 */
export type SourceNote =
  PaddingNote | LostDigitsNote | CellErrorNote | MergedNote | DateCellNote | FormulaCellNote;

export function isPaddingNote(note: string): note is PaddingNote {
  return note === 'cpf_padded' || note === 'zip_padded';
}

export interface SourceRow {
  /** 1-based row number in the sheet, as the analyst sees it. */
  row: number;
  raw: RawTransaction;
  notes: SourceNote[];
}

/**
 * One SourceRow per row below the header that has any content (rows that are entirely empty are
 * skipped; a row with content only in unmapped columns is kept, so a stray total row shows up as
 * invalid rather than vanishing). Empty cells leave their field out.
 *
 * A CPF or CEP stored as a number lost its leading zeros (`01234567890` became 1234567890): such a
 * cell with fewer digits than the field's 11 (CPF) or 8 (CEP) is padded with zeros on the left
 * and noted. CPF and CEP cells stored as text are left as written; IDs stored as numbers come as
 * plain digits already (the reader never writes exponents), or as the text a zero-padded format
 * shows (`000123456`, see number-format.ts), which is then complete and not padded again.
 *
 * A cell that lost digits (a workbook number of more than 15 digits, or text in the exponent form
 * Excel shows, `1.23457E+19`) is kept as read and noted `digits_lost:<field>`: `checkSourceRow`
 * makes the row invalid, so it is not sent with an ID that is not the one typed. An Excel error
 * cell (`#NAME?`, or that exact text in a CSV) is noted `cell_error:<field>` and held back alike.
 *
 * A mapped cell that `merges` (the workbook's merged cells with a value) cover other than in their
 * first cell is empty in the file though Excel shows the value there: it is noted
 * `merged:<field>:<cell>:<range>` and held back alike, never given a copy (see merged-cells.ts).
 * An ID cell Excel shows as a date is noted `date_cell:<field>:<what Excel shows>` and held back
 * alike (`checkSourceRow`, see date-cells.ts). A formula saved without its value is noted
 * `formula_cell:<field>` and held back alike (formula-cells.ts): what Excel would show is unknown.
 *
 * A value the app's own CSV export guarded against formulas (`'-1234567`) loses that quote
 * (`withoutFormulaGuard`): its failed-rows file is meant to be imported again.
 */
export function rowsToTransactions(
  rows: Cell[][],
  headerRow: number,
  mapping: ColumnMapping,
  merges?: readonly MergedArea[],
): SourceRow[] {
  const result: SourceRow[] = [];
  const covered = coveredCells(merges, Object.values(mapping), headerRow);
  for (let index = headerRow + 1; index < rows.length; index += 1) {
    const source = sourceRowOf(rows[index] ?? [], index, mapping, covered);
    if (source !== null) result.push(source);
  }
  return result;
}

/**
 * The SourceRow of sheet row `index` (0-based), or null when the row is entirely empty (a row
 * whose only values Excel shows are merged cells from the rows above is empty in the file, and
 * skipped like one). `covered` finds merged cells (see `coveredCells`).
 */
export function sourceRowOf(
  cells: Cell[],
  index: number,
  mapping: ColumnMapping,
  covered?: CoveredCells,
): SourceRow | null {
  if (!cells.some((cell) => cell !== null && cell.text.trim() !== '')) return null;
  const raw: RawTransaction = {};
  const notes: SourceNote[] = [];
  for (const field of mappableFields) {
    const column = mapping[field];
    const cell = column === undefined ? null : (cells[column] ?? null);
    if (cell === null) {
      const merge = column === undefined ? undefined : covered?.at(index, column);
      if (merge !== undefined && column !== undefined) {
        const name = `${columnName(column)}${String(index + 1)}`;
        notes.push(mergedNote(field, name, rangeName(merge)));
      }
      continue;
    }
    // The quote the app's CSV exports put before formula-like text is not part of the value.
    let text = withoutFormulaGuard(cell.text);
    const date = dateCellNoteOf(field, cell);
    if (cellIsFormula(cell)) notes.push(formulaCellNote(field));
    else if (cellIsError(cell)) notes.push(cellErrorNote(field));
    else if (cellLostDigits(cell)) notes.push(lostDigitsNote(field));
    else if (date !== null) notes.push(date);
    else if (field === 'cpf' && padded(cell, 1, 11)) {
      text = cell.text.padStart(11, '0');
      notes.push('cpf_padded');
    } else if (field === 'zipCode' && padded(cell, 7, 8)) {
      text = cell.text.padStart(8, '0');
      notes.push('zip_padded');
    }
    raw[field] = text;
  }
  return { row: index + 1, raw, notes };
}

/**
 * A number that lost the field's leading zeros: from `shortest` digits to fewer than `length`.
 * A number never starts with 0, so digits that do were text where they were written. A CPF may
 * start with any number of zeros (its check digits catch a padding that made it up); a CEP with
 * one at most (they run from 01000-000), so a shorter one is wrong, not padded.
 */
function padded(
  cell: { text: string; numeric: boolean },
  shortest: number,
  length: number,
): boolean {
  return (
    cell.numeric &&
    /^[1-9]\d*$/.test(cell.text) &&
    cell.text.length >= shortest &&
    cell.text.length < length
  );
}

/**
 * External IDs that appear on more than one row, with those rows, in order of first appearance.
 * IDs are compared after trimming and case-sensitively (the service treats them as opaque);
 * empty IDs and Excel errors are ignored. The service expects each transaction once.
 */
export function findDuplicateExternalIds(
  rows: Iterable<SourceRow>,
): Array<{ externalID: string; rows: number[] }> {
  // The first row of each ID as a number: a million distinct IDs cost no million arrays.
  const seen = new Map<string, number | number[]>();
  for (const { row, raw, notes } of rows) {
    const id = raw.externalID?.trim() ?? '';
    // Ten rows of #N/A are ten failed formulas, not one transaction given ten times.
    if (id === '' || (notes.length > 0 && notes.includes('cell_error:externalID'))) continue;
    const before = seen.get(id);
    if (before === undefined) seen.set(id, row);
    else if (typeof before === 'number') seen.set(id, [before, row]);
    else before.push(row);
  }
  const repeated: Array<{ externalID: string; rows: number[] }> = [];
  for (const [externalID, list] of seen)
    if (typeof list !== 'number') repeated.push({ externalID, rows: list });
  return repeated;
}
