import { validateTransaction } from '../../shared/domain/transaction';
import {
  autoMapColumns,
  detectHeaderRow,
  headerTexts,
  readSpreadsheet,
  rowsToTransactions,
} from '../../shared/spreadsheet';
import type { Limits } from '../../shared/spreadsheet/limits';

/** The import worker's work on a workbook (read, map, validate); returns how many rows are valid. */
export function importValidRows(bytes: Uint8Array, limits?: Partial<Limits>): number {
  const read = readSpreadsheet(bytes, 'pedidos.xlsx', { limits });
  if (!read.ok) throw new Error(read.problem.message);
  const header = detectHeaderRow(read.value.rows);
  const mapping = autoMapColumns(headerTexts(read.value.rows, header));
  return rowsToTransactions(read.value.rows, header, mapping).filter(
    (row) => validateTransaction(row.raw).ok,
  ).length;
}
