/**
 * The one check of a sheet's row, on the Import screen, in the core and on the command line:
 * `checkSourceRow` (the interface's rules, and the cells that lost digits, held an Excel error or
 * are covered by merged cells), plus a `date_cell` problem for each ID cell Excel showed as a date
 * (date-cells.ts), in place of what else that field had: the cell is the cause.
 */
import type { FieldProblem, TransactionField } from '../domain/field-problem';
import type { TransactionCheck } from '../domain/transaction';
import type { RawTransaction } from '../domain/types';
import { dateCells, type DateCellNote } from './date-cells';
import { checkSourceRow, notesAfterEdit } from './lost-digits';

export function checkSheetRow(source: {
  raw: RawTransaction;
  notes: readonly string[];
}): TransactionCheck {
  const check = checkSourceRow(source);
  if (source.notes.length === 0) return check;
  const dates = dateCells(source.notes);
  if (dates.length === 0) return check;
  // Only ID fields are noted, and they are named the same as problem fields.
  const noted = new Map<TransactionField, FieldProblem>(
    dates.map(({ field, shown }) => [
      field as TransactionField,
      { field: field as TransactionField, rule: 'date_cell', shown },
    ]),
  );
  const problems = check.ok ? [] : check.problems.filter((problem) => !noted.has(problem.field));
  problems.push(...noted.values());
  return { ok: false, problems };
}

/**
 * `notesAfterEdit`, keeping a date-cell note too while its field holds the value read from the
 * sheet: the note goes when the analyst types the ID again.
 */
export function sheetNotesAfterEdit(
  notes: readonly string[],
  raw: RawTransaction,
  sheet: RawTransaction,
): Array<ReturnType<typeof notesAfterEdit>[number] | DateCellNote> {
  const unchanged = (field: keyof RawTransaction) =>
    (raw[field]?.trim() ?? '') === (sheet[field]?.trim() ?? '');
  const dates = dateCells(notes)
    .filter((cell) => unchanged(cell.field))
    .map((cell): DateCellNote => `date_cell:${cell.field}:${cell.shown}`);
  return [...notesAfterEdit(notes, raw, sheet), ...dates];
}
