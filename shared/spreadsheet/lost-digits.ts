/**
 * Numbers whose digits the spreadsheet lost. Excel keeps 15 significant digits of a number: an
 * order number typed as 12345678901234567890 is stored as 12345678901234500000, and a file written
 * by another program holds the nearest double, 12345678901234567168, which reads back as
 * 12345678901234567000. Either way the ID is not the one typed, it will never match the merchant's
 * records, and the lost digits cannot be had back from the file. Such a cell is noted on its row,
 * and the row is held back (invalid) until the analyst types the value again: sending a changed
 * ID quietly is worse than not sending it.
 */
import { validateTransaction, type TransactionCheck } from '../domain/transaction';
import type { FieldProblem, TransactionField } from '../domain/field-problem';
import type { RawTransaction } from '../domain/types';
import { dateCells, type DateCellNote } from './date-cells';
import { cellErrorNote, type CellErrorNote } from './error-cells';
import { englishLabels, personal } from './field-labels';
import { formulaCellNote, type FormulaCellNote } from './formula-cells';
import type { MappableField } from './header-names';
import { mergedCells, mergedNote, type MergedNote } from './merged-cells';
import type { Cell } from './types';

/** The most significant digits Excel keeps of a number (and a double always holds exactly). */
export const excelDigits = 15;

/** A note on a row: this field's cell was a number that lost digits. */
export type LostDigitsNote = `digits_lost:${MappableField}`;

export function lostDigitsNote(field: MappableField): LostDigitsNote {
  return `digits_lost:${field}`;
}

/**
 * Whether the plain digits of a number (as `numberToText` writes them) have more than 15
 * significant digits: 16 digits or more before the point, or a fraction carried past the 15th
 * digit (`0.30000000000000004`, a formula's cached value, not what Excel shows). A 16-digit number
 * that a double holds exactly counts too: Excel cannot hold it, so it was not typed in Excel as
 * it reads, and nothing in the file tells whether it was.
 *
 * A negative or fractional number of at most 15 digits is not marked: Excel holds it as typed and
 * shows it so (`-123`, `123.5`), so the text sent is the one the analyst sees. What is lost before
 * the number is stored (the leading zeros of `000123`) cannot be seen here either: a zero-padded
 * number format shows them (the reader takes that text, number-format.ts), and otherwise only CPF
 * and CEP, whose length is known, get theirs back (transactions.ts).
 */
export function hasLostDigits(plain: string): boolean {
  // Fast path for the usual cell: 15 characters cannot hold 16 digits.
  if (plain.length <= excelDigits) return false;
  const digits = plain.replace(/[-.]/g, '').replace(/^0+/, '');
  return digits.length > excelDigits;
}

/**
 * Text in the exponent form Excel shows a long number in (`1.23457E+19`, `1E+10`; `1,23457E+19`
 * in Portuguese, with its decimal comma), as a CSV saved from Excel holds it: the digits past the
 * sixth were already gone when it was saved. The `+` is required, so a hexadecimal code like
 * `1e10` is not taken for one.
 */
export function isExponentText(text: string): boolean {
  // Asked of every mapped cell of a million-row sheet: the `+` test spares the rest most cells.
  return text.length <= 24 && text.includes('+') && /^-?\d([.,]\d+)?E\+\d+$/i.test(text.trim());
}

/**
 * Whether an ID cell's text is not the ID that was typed: a workbook number of more than 15
 * digits, or Excel's exponent form in any file. Every reader of IDs from a sheet asks this.
 */
export function cellLostDigits(cell: Cell): boolean {
  return cell !== null && (cell.lostDigits === true || isExponentText(cell.text));
}

/**
 * The rows (1-based, as the sheet numbers them) below `headerRow` whose cell in `column` lost
 * digits, with the ID as read: for files whose rows are mapped elsewhere (outcomes).
 */
export function rowsWithLostDigits(
  rows: readonly Cell[][],
  headerRow: number,
  column: number | undefined,
): Map<number, string> {
  const found = new Map<number, string>();
  if (column === undefined) return found;
  for (let index = headerRow + 1; index < rows.length; index += 1) {
    const cell = rows[index]?.[column] ?? null;
    if (cell !== null && cellLostDigits(cell)) found.set(index + 1, cell.text.trim());
  }
  return found;
}

/** The field a mapped column fills, as problems name it. */
const problemField: Record<MappableField, TransactionField> = {
  sessionID: 'sessionID',
  externalID: 'externalID',
  cpf: 'cpf',
  email: 'email',
  phone: 'phone',
  countryCode: 'phone.countryCode',
  cityCode: 'phone.cityCode',
  phoneNumber: 'phone.number',
  zipCode: 'zipCode',
};

const mappable = Object.keys(problemField) as MappableField[];
const noteFields = new Map<string, MappableField>(
  mappable.map((field) => [lostDigitsNote(field), field]),
);
const errorNoteFields = new Map<string, MappableField>(
  mappable.map((field) => [cellErrorNote(field), field]),
);
const formulaNoteFields = new Map<string, MappableField>(
  mappable.map((field) => [formulaCellNote(field), field]),
);

function fieldsNoted(notes: readonly string[], kind: Map<string, MappableField>): MappableField[] {
  const fields: MappableField[] = [];
  for (const note of notes) {
    const field = kind.get(note);
    if (field !== undefined) fields.push(field);
  }
  return fields;
}

/** The columns a row's notes say lost digits. */
export function lostDigitsFields(notes: readonly string[]): MappableField[] {
  return fieldsNoted(notes, noteFields);
}

/** The columns a row's notes say held an Excel error (see error-cells.ts). */
export function errorCellFields(notes: readonly string[]): MappableField[] {
  return fieldsNoted(notes, errorNoteFields);
}

/** The columns a row's notes say held a formula saved without its value (formula-cells.ts). */
export function formulaCellFields(notes: readonly string[]): MappableField[] {
  return fieldsNoted(notes, formulaNoteFields);
}

/**
 * The notes still true of `raw`, a row's values after the analyst's edits: a lost-digits, error,
 * merged-cell, date-cell or formula note stays while its field holds the value read from the sheet
 * (`sheet`), and goes when it was typed again. Other notes described the sheet's cells and go
 * with any edit.
 */
export function notesAfterEdit(
  notes: readonly string[],
  raw: RawTransaction,
  sheet: RawTransaction,
): Array<LostDigitsNote | CellErrorNote | MergedNote | DateCellNote | FormulaCellNote> {
  const unchanged = (field: MappableField) =>
    (raw[field]?.trim() ?? '') === (sheet[field]?.trim() ?? '');
  return [
    ...lostDigitsFields(notes).filter(unchanged).map(lostDigitsNote),
    ...errorCellFields(notes).filter(unchanged).map(cellErrorNote),
    ...formulaCellFields(notes).filter(unchanged).map(formulaCellNote),
    ...mergedCells(notes)
      .filter((merged) => unchanged(merged.field))
      .map((merged) => mergedNote(merged.field, merged.cell, merged.range)),
    ...dateCells(notes)
      .filter((date) => unchanged(date.field))
      .map((date): DateCellNote => `date_cell:${date.field}:${date.shown}`),
  ];
}

/**
 * `validateTransaction`, plus a `digits_lost` problem for each field whose cell lost digits, a
 * `cell_error` one for each field whose cell was an Excel error, a `merged_cell` one, with the
 * cell and the merged cells, for each field whose cell merged cells cover, and a `date_cell` one,
 * with what Excel shows, for each ID cell shown as a date (date-cells.ts), and a `formula_cell`
 * one for each field whose cell is a formula saved without its value, in place of what else
 * that field had: the cell is the cause. The one check of a sheet's row, on the Import screen,
 * in the core and on the command line.
 */
export function checkSourceRow(source: {
  raw: RawTransaction;
  notes: readonly string[];
}): TransactionCheck {
  const check = validateTransaction(source.raw);
  if (source.notes.length === 0) return check;
  const noted = new Map<TransactionField, FieldProblem>();
  const note = (problem: FieldProblem) => noted.set(problem.field, problem);
  for (const field of lostDigitsFields(source.notes))
    note({ field: problemField[field], rule: 'digits_lost' });
  for (const field of errorCellFields(source.notes))
    note({ field: problemField[field], rule: 'cell_error' });
  for (const field of formulaCellFields(source.notes))
    note({ field: problemField[field], rule: 'formula_cell' });
  for (const { field, cell, range } of mergedCells(source.notes))
    note({ field: problemField[field], rule: 'merged_cell', cell, range });
  for (const { field, shown } of dateCells(source.notes))
    note({ field: problemField[field], rule: 'date_cell', shown });
  if (noted.size === 0) return check;
  const problems: FieldProblem[] = check.ok
    ? []
    : check.problems.filter((problem) => !noted.has(problem.field));
  problems.push(...noted.values());
  return { ok: false, problems };
}

/** One cell that lost digits, where the analyst finds it: `row` 1-based, `column` A-style. */
export interface LostDigitsCell {
  row: number;
  column: string;
  field: MappableField;
  value: string;
}

/**
 * `row 2, column A (External ID): 12345678901234567000 is a number of more than 15 digits; …`:
 * one English sentence for the command line, ending with what happens to the row.
 */
export function describeLostDigits(cell: LostDigitsCell): string {
  const where = `row ${String(cell.row)}, column ${cell.column} (${englishLabels[cell.field]})`;
  const value = personal.has(cell.field) ? 'the value' : cell.value;
  const why = isExponentText(cell.value)
    ? `${value} is a number in the exponent form Excel shows, so the digits it did not show were lost when the file was saved`
    : `${value} is a number of more than 15 digits; Excel keeps only 15, so it is not the value typed`;
  return `${where}: ${why}. The row is not sent.`;
}

/** What the analyst can do, said once after the cells. */
export const lostDigitsAdvice =
  'Excel cannot give those digits back: format the column as Text in Excel and type the values ' +
  'again, or save the file as CSV from the source system, then import it again.';
