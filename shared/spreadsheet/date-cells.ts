/**
 * ID cells Excel shows as dates. A column of order numbers given a date format by mistake stores
 * 45000 and shows 15/03/2023; the reader gives the date as `2023-03-15` (and, under one of Excel's
 * built-in date formats, which follow the computer's date style, keeps that as what is shown). Neither is the ID the
 * analyst meant, and sending one quietly would never match the merchant's records. An ID is not a
 * date: such a cell is noted on its row with what Excel shows, and the row is held back until the
 * analyst types the value again, as a cell that lost digits is (lost-digits.ts). A CPF, phone or
 * CEP shown as a date needs no note: its own rules refuse `2023-03-15`.
 */
import { isIsoShown } from '../domain/field-problem';
import { englishLabels } from './field-labels';
import type { MappableField } from './header-names';
import type { Cell } from './types';

/** The fields that hold IDs: free text to the service's rules, so a date would pass them. */
const idFields: ReadonlySet<MappableField> = new Set(['externalID', 'sessionID']);

/** A note on a row: this ID field's cell was a date, and Excel shows it as `shown`. */
export type DateCellNote = `date_cell:${MappableField}:${string}`;

/** A row's notes are stored at most 64 characters long; a date shown longer is cut. */
const longestShown = 40;

/** The note for `field`'s cell when it is an ID cell shown as a date, else null. */
export function dateCellNoteOf(field: MappableField, cell: Cell): DateCellNote | null {
  if (cell?.date === undefined || !idFields.has(field)) return null;
  return `date_cell:${field}:${cell.date.slice(0, longestShown)}`;
}

/** An ID cell a row's notes say was a date: the field, and what Excel shows. */
export interface DateCell {
  field: MappableField;
  shown: string;
}

/** The date cells a row's notes name, in the order noted. */
export function dateCells(notes: readonly string[]): DateCell[] {
  const found: DateCell[] = [];
  for (const note of notes) {
    if (!note.startsWith('date_cell:')) continue;
    // What Excel shows may hold colons (a time): it is everything after the field.
    const rest = note.slice('date_cell:'.length);
    const colon = rest.indexOf(':');
    const field = rest.slice(0, colon);
    if (colon > 0 && idFields.has(field as MappableField))
      found.push({ field: field as MappableField, shown: rest.slice(colon + 1) });
  }
  return found;
}

/** One ID cell shown as a date, where the analyst finds it: `row` 1-based, `column` A-style. */
export interface FieldDateCell extends DateCell {
  row: number;
  column: string;
  /** The text read (`2023-03-15`), the value the row would have sent. */
  value: string;
}

/**
 * `row 2, column A (External ID): the cell is a date (Excel shows 15/03/2023, read as
 * 2023-03-15), not an ID. The row is not sent.`: one English sentence for the command line.
 */
export function describeDateCell(cell: FieldDateCell): string {
  return describeColumnDateCell(
    { ...cell, label: englishLabels[cell.field] },
    'The row is not sent.',
  );
}

/**
 * The same sentence for a column named by its header (`label`), ending with what becomes of the
 * row (`fate`): an outcomes sheet's rows are applied, not sent.
 */
export function describeColumnDateCell(
  cell: { row: number; column: string; label: string; shown: string; value: string },
  fate: string,
): string {
  const where = `row ${String(cell.row)}, column ${cell.column} (${cell.label})`;
  // A built-in format's date is kept as ISO (cell-text.ts): what Excel shows is not known.
  const date = isIsoShown(cell.shown)
    ? cell.value
    : `Excel shows ${cell.shown}, read as ${cell.value}`;
  return `${where}: the cell is a date (${date}), not an ID. ${fate}`;
}

/**
 * The rows (1-based, as the sheet numbers them) below `headerRow` whose cell in `column` Excel
 * shows as a date, with what Excel shows and the text read: for ID columns of files whose rows
 * are mapped elsewhere (outcomes), as `rowsWithLostDigits` finds those that lost digits.
 */
export function rowsWithDateCells(
  rows: readonly Cell[][],
  headerRow: number,
  column: number | undefined,
): Map<number, { shown: string; value: string }> {
  const found = new Map<number, { shown: string; value: string }>();
  if (column === undefined) return found;
  for (let index = headerRow + 1; index < rows.length; index += 1) {
    const cell = rows[index]?.[column] ?? null;
    if (cell?.date !== undefined)
      found.set(index + 1, { shown: cell.date.slice(0, longestShown), value: cell.text });
  }
  return found;
}

/** What the analyst can do, said once after the cells. */
export const dateCellAdvice =
  'An ID column formatted as dates shows the IDs as dates: format the column as Text in Excel ' +
  'and type the IDs again (or save the file as CSV from the source system), then import it again.';
