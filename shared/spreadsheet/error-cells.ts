/**
 * Excel error cells (`#NAME?`, `#N/A`, `#REF!`, …). A formula that failed (a PROCV whose source
 * was not open, a reference deleted) leaves its error in the cell, and the reader gives its text:
 * sent as an ID it would be looked up, and an outcomes sheet with the same errors would match
 * those rows. Such a cell is noted on its row, which is held back until the analyst fixes it.
 */
import { englishLabels } from './field-labels';
import type { MappableField } from './header-names';
import type { Cell } from './types';

/**
 * Every error Excel shows, older ones and the dynamic-array and data-type ones of Microsoft 365.
 * An xlsx stores any of them as a cell of type `e`, always in these English words.
 */
export const excelErrorTexts: ReadonlySet<string> = new Set([
  '#NULL!',
  '#DIV/0!',
  '#VALUE!',
  '#REF!',
  '#NAME?',
  '#NUM!',
  '#N/A',
  '#GETTING_DATA',
  '#SPILL!',
  '#CALC!',
  '#FIELD!',
  '#BLOCKED!',
  '#CONNECT!',
  '#BUSY!',
  '#UNKNOWN!',
  '#PYTHON!',
  '#EXTERNAL!',
]);

/**
 * A CSV holds what Excel shows, so one saved by Excel in Portuguese has the errors in its words:
 * those an analyst's Excel writes as well as the English ones.
 */
const portugueseErrorTexts = ['#N/D', '#NOME?', '#VALOR!', '#NULO!', '#NÚM!'];
const errorTexts: ReadonlySet<string> = new Set([...excelErrorTexts, ...portugueseErrorTexts]);

/** Longer than any error text: most cells are spared the lookup. */
const longestError = 16;

/**
 * Whether `text` is exactly one of Excel's errors. In a CSV this is text, but it is also what
 * Excel writes for an error cell when it saves as CSV, and no ID, session, CPF, e-mail, phone or
 * CEP is `#N/A`: in a mapped column it is taken as the error in any file (as `digits_lost` takes
 * `1.23457E+19`). Text around it (`PED-#N/A`) is an ordinary value.
 */
export function isErrorText(text: string): boolean {
  // Trimmed before its length is asked: an error padded with spaces is still the error.
  if (!text.includes('#')) return false;
  const trimmed = text.trim();
  return trimmed.length <= longestError && errorTexts.has(trimmed);
}

/** Whether a cell is an error: a workbook's error cell, or an error's exact text. */
export function cellIsError(cell: Cell): boolean {
  return cell !== null && (cell.error === true || isErrorText(cell.text));
}

/** A note on a row: this field's cell was an Excel error. */
export type CellErrorNote = `cell_error:${MappableField}`;

export function cellErrorNote(field: MappableField): CellErrorNote {
  return `cell_error:${field}`;
}

/** A mapped cell holding an error, where the analyst finds it: `row` 1-based, `column` A-style. */
export interface ErrorCell {
  row: number;
  column: string;
  error: string;
}

/**
 * The error cells below `headerRow` in `columns`, by row (1-based, as the sheet numbers them):
 * for files whose rows are mapped elsewhere (outcomes). `columnName` gives the letters.
 */
export function rowsWithErrors(
  rows: readonly Cell[][],
  headerRow: number,
  columns: ReadonlyArray<number | undefined>,
  columnName: (index: number) => string,
): Map<number, ErrorCell> {
  const found = new Map<number, ErrorCell>();
  for (let index = headerRow + 1; index < rows.length; index += 1) {
    for (const column of columns) {
      if (column === undefined) continue;
      const cell = rows[index]?.[column] ?? null;
      if (cell === null || !cellIsError(cell)) continue;
      found.set(index + 1, { row: index + 1, column: columnName(column), error: cell.text.trim() });
      break;
    }
  }
  return found;
}

/** What the analyst can do, said once after the cells. */
export const errorCellAdvice =
  'An Excel error is not a value: fix the formula (or the data it reads) in Excel, or type the ' +
  'value, then import the file again.';

/** One error cell of a transactions sheet, where the analyst finds it. */
export interface FieldErrorCell extends ErrorCell {
  field: MappableField;
}

/**
 * `row 2, column A (External ID): the cell holds the Excel error #NAME?. The row is not sent.`:
 * one English sentence for the command line. The error's code is printed for personal fields too:
 * it is Excel's word, not the person's data.
 */
export function describeErrorCell(cell: FieldErrorCell): string {
  const where = `row ${String(cell.row)}, column ${cell.column} (${englishLabels[cell.field]})`;
  return `${where}: the cell holds the Excel error ${cell.error}, not a value. The row is not sent.`;
}
