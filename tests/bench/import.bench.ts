import * as XLSX from 'xlsx';
import { validateTransaction } from '../../shared/domain/transaction';
import {
  autoMapColumns,
  detectHeaderRow,
  headerTexts,
  readSpreadsheet,
  rowsToTransactions,
} from '../../shared/spreadsheet';
import { sampleTransaction } from '../support/transactions';

export interface BenchResult {
  name: string;
  value: string;
  target: string;
  met: boolean;
}

/** A 100,000-row workbook as an analyst's export would be: Portuguese headers, formatted values. */
export function bigWorkbook(rows = 100_000): Uint8Array {
  const data: string[][] = [
    ['Pedido', 'Sessão', 'CPF', 'E-mail', 'Celular', 'CEP', 'Valor', 'Data'],
  ];
  for (let n = 0; n < rows; n += 1) {
    const t = sampleTransaction(n);
    const cpf = t.cpf ?? '';
    data.push([
      t.externalID,
      t.sessionID,
      `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`,
      t.email ?? '',
      '+55 (11) 98765-4321',
      '01310-100',
      '199,90',
      '2026-11-21',
    ]);
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(data), 'Pedidos');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}

function best(runs: number, work: () => void): number {
  let fastest = Infinity;
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    work();
    fastest = Math.min(fastest, performance.now() - started);
  }
  return fastest;
}

/** The app's import path (parse, map, validate) against a bare SheetJS read of the same bytes. */
export function benchImport(bytes: Uint8Array): BenchResult {
  const bare = best(3, () => XLSX.read(bytes, { type: 'array' }));
  let valid = 0;
  const app = best(3, () => {
    const read = readSpreadsheet(bytes, 'pedidos.xlsx', { limits: { maxRows: 100_000 } });
    if (!read.ok) throw new Error(read.problem.message);
    const header = detectHeaderRow(read.value.rows);
    const mapping = autoMapColumns(headerTexts(read.value.rows, header));
    valid = rowsToTransactions(read.value.rows, header, mapping).filter(
      (row) => validateTransaction(row.raw).ok,
    ).length;
  });
  if (valid !== 100_000) throw new Error(`only ${String(valid)} rows were valid`);
  const ratio = app / bare;
  return {
    name: '(d) import of a 100,000-row xlsx (parse+map+validate) ÷ bare SheetJS read',
    value: `${ratio.toFixed(2)} (${(app / 1000).toFixed(2)} s vs ${(bare / 1000).toFixed(2)} s)`,
    target: '≤ 1.3',
    met: ratio <= 1.3,
  };
}
