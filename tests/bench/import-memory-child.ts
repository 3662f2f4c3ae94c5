/**
 * One xlsx import (read, map, validate) in a process of its own, as the import worker does it;
 * prints the process's peak resident memory in bytes. Run by import.bench.ts.
 */
import { readFileSync } from 'node:fs';
import { validateTransaction } from '../../shared/domain/transaction';
import {
  autoMapColumns,
  detectHeaderRow,
  headerTexts,
  readSpreadsheet,
  rowsToTransactions,
} from '../../shared/spreadsheet';

const file = process.argv[2] ?? '';
const bytes = new Uint8Array(readFileSync(file));
const read = readSpreadsheet(bytes, 'pedidos.xlsx');
if (!read.ok) throw new Error(read.problem.message);
const header = detectHeaderRow(read.value.rows);
const mapping = autoMapColumns(headerTexts(read.value.rows, header));
const valid = rowsToTransactions(read.value.rows, header, mapping).filter(
  (row) => validateTransaction(row.raw).ok,
).length;
process.stdout.write(JSON.stringify({ valid, peakBytes: process.resourceUsage().maxRSS * 1024 }));
