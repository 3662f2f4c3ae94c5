import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import * as XLSX from 'xlsx';
import { writeXlsx } from '../../electron/core/xlsx-writer/xlsx-writer';
import { resolveLimits } from '../../shared/spreadsheet/limits';
import { sheetReadOptions } from '../../shared/spreadsheet/sheet';
import { importValidRows } from './import-path';
import { median3 } from './median3';
import { sampleTransaction } from '../support/transactions';

export interface BenchResult {
  name: string;
  value: string;
  target: string;
  met: boolean;
}

const header = ['Pedido', 'Sessão', 'CPF', 'E-mail', 'Celular', 'CEP', 'Valor', 'Data'];

function* pedidos(rows: number): Generator<string[]> {
  for (let n = 0; n < rows; n += 1) {
    const t = sampleTransaction(n);
    const cpf = t.cpf ?? '';
    yield [
      t.externalID,
      t.sessionID,
      `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`,
      t.email ?? '',
      '+55 (11) 98765-4321',
      '01310-100',
      '199,90',
      '2026-11-21',
    ];
  }
}

/** Past this many rows SheetJS's own writer runs out of memory here; the streaming one writes it. */
const sheetJsWriterRows = 200_000;

/**
 * A workbook of `rows` data rows as an analyst's export would be: Portuguese headers, formatted
 * values. Up to 200,000 rows SheetJS writes it, with a shared-string table as Excel does; past
 * that (a full sheet) the app's streaming writer does, with inline strings, which SheetJS and
 * Excel read as well (the sheet's XML is larger, so the figures are if anything pessimistic).
 */
export async function bigWorkbook(rows = 100_000): Promise<Uint8Array> {
  if (rows <= sheetJsWriterRows) {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([header, ...pedidos(rows)]),
      'Pedidos',
    );
    return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
  }
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeXlsx(out, { sheetName: 'Pedidos', header, rows: pedidos(rows) });
  out.end();
  return new Uint8Array(Buffer.concat(chunks));
}

/** Times of `runs` calls of `work`, in milliseconds. */
function timed(runs: number, work: () => void): number[] {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    work();
    times.push(performance.now() - started);
  }
  return times;
}

/**
 * The app's import path (parse, map, validate) against the fastest bare SheetJS read of the same
 * bytes with the same options (`sheetReadOptions`: dense, no formulas, no HTML, no text): a
 * default read does more work and would flatter the ratio. The app's time is the median of three.
 */
export function benchImport(bytes: Uint8Array, rows: number): BenchResult {
  const limits = resolveLimits();
  const bare = Math.min(...timed(3, () => XLSX.read(bytes, sheetReadOptions(0, limits))));
  let valid = 0;
  const app = median3(timed(3, () => (valid = importValidRows(bytes, limits))));
  if (valid !== rows) throw new Error(`only ${String(valid)} rows were valid`);
  const ratio = app.median / bare;
  const seconds = (ms: number) => (ms / 1000).toFixed(2);
  return {
    name: `(d) import of a ${rows.toLocaleString('en')}-row xlsx (parse+map+validate) ÷ fastest bare SheetJS read, same options (dense)`,
    value: `${ratio.toFixed(2)} (median ${seconds(app.median)} s, spread ${seconds(app.spread)} s, vs ${seconds(bare)} s)`,
    target: '≤ 1.3',
    met: ratio <= 1.3,
  };
}

/**
 * Peak resident memory of a process that imports the workbook (read, map, validate) and nothing
 * else, median of three: Node here, as the CLI reads it; the app's import worker runs the same
 * code in Chromium.
 */
export function benchImportMemory(bytes: Uint8Array, rows: number): BenchResult {
  const folder = mkdtempSync(path.join(tmpdir(), 'dcdesk-bench-import-'));
  try {
    const file = path.join(folder, 'pedidos.xlsx');
    writeFileSync(file, bytes);
    const child = new URL('./import-memory-child.ts', import.meta.url).pathname;
    const peaks = [0, 1, 2].map(() => {
      const out = execFileSync(process.execPath, ['--import', 'tsx', child, file], {
        encoding: 'utf8',
        maxBuffer: 1 << 20,
      });
      const measured = JSON.parse(out) as { valid: number; peakBytes: number };
      if (measured.valid !== rows)
        throw new Error(`only ${String(measured.valid)} rows were valid`);
      return measured.peakBytes / 2 ** 20;
    });
    const peak = median3(peaks);
    return {
      name: `(d2) peak memory of a process importing the ${rows.toLocaleString('en')}-row xlsx`,
      value: `${peak.median.toFixed(0)} MB (spread ${peak.spread.toFixed(0)} MB)`,
      target: '≤ 2,048 MB',
      met: peak.median <= 2048,
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
