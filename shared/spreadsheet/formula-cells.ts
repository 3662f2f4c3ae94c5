/**
 * Formula cells saved without their value. Excel saves each formula with the value it computed,
 * and that value is what the reader gives; openpyxl, SheetJS and many report generators write
 * the formula alone, leaving the value to whichever program opens the file next. No formula is
 * run here, so the value Excel would show is not known: read as empty, a CPF, e-mail or phone
 * would be dropped from the lookup without a word, and an ID would be called missing. Such a
 * mapped cell is noted on its row, which is held back until the analyst has the values computed
 * (opening the file in Excel or LibreOffice and saving it does that) or types the value.
 */
import { englishLabels } from './field-labels';
import type { MappableField } from './header-names';
import type { Cell } from './types';

/** The cell of a formula without a value; `formula` as the file holds it, without the `=`. */
export function formulaCell(formula: string): Cell {
  return { text: `=${formula}`, numeric: false, formula: true };
}

/** Whether a workbook's cell is a formula saved without its value. */
export function cellIsFormula(cell: Cell): boolean {
  return cell?.formula === true;
}

/** A note on a row: this field's cell is a formula saved without its value. */
export type FormulaCellNote = `formula_cell:${MappableField}`;

export function formulaCellNote(field: MappableField): FormulaCellNote {
  return `formula_cell:${field}`;
}

/** A mapped cell holding a formula without a value: `row` 1-based, `column` A-style. */
export interface FormulaCell {
  row: number;
  column: string;
}

/**
 * The rows below `headerRow` with a formula without a value in `columns`, by row (1-based, as
 * the sheet numbers them): for files whose rows are mapped elsewhere (outcomes).
 */
export function rowsWithFormulas(
  rows: readonly Cell[][],
  headerRow: number,
  columns: ReadonlyArray<number | undefined>,
  columnName: (index: number) => string,
): Map<number, FormulaCell> {
  const found = new Map<number, FormulaCell>();
  for (let index = headerRow + 1; index < rows.length; index += 1) {
    for (const column of columns) {
      if (column === undefined || !cellIsFormula(rows[index]?.[column] ?? null)) continue;
      found.set(index + 1, { row: index + 1, column: columnName(column) });
      break;
    }
  }
  return found;
}

/** One such cell of a transactions sheet, where the analyst finds it. */
export interface FieldFormulaCell extends FormulaCell {
  field: MappableField;
}

/**
 * `row 2, column C (CPF): the cell holds a formula saved without its value, … The row is not
 * sent.`: one English sentence for the command line. The formula is not printed: it may hold the
 * personal data it computes from.
 */
export function describeFormulaCell(cell: FieldFormulaCell): string {
  const where = `row ${String(cell.row)}, column ${cell.column} (${englishLabels[cell.field]})`;
  return `${where}: the cell holds a formula saved without its value, so what Excel would show is not in the file. The row is not sent.`;
}

/** What the analyst can do, said once after the cells. */
export const formulaCellAdvice =
  'The file was written with formulas but not their values (as openpyxl, SheetJS and some ' +
  'report generators do): open it in Excel or LibreOffice and save it, so the values are ' +
  'computed and saved with it, then import it again.';
