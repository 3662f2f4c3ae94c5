import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outputColumns, reimportColumns } from '../../electron/core/bulk/output';
import { exportHeader } from '../../electron/core/results-export/results-table';
import { rowsRepo } from '../../electron/core/store/rows.repo';
import type { SavedExport } from '../../shared/contract/results';
import { validateTransaction } from '../../shared/domain/transaction';
import {
  autoMapColumns,
  detectHeaderRow,
  headerTexts,
  readSpreadsheet,
  rowsToTransactions,
} from '../../shared/spreadsheet';
import { savedBytes } from '../support/result-handlers';
import { formulaId, resultsFixture, unwrap, type ResultsFixture } from './results-fixture';

let fixture: ResultsFixture;
beforeAll(async () => {
  fixture = await resultsFixture();
});
afterAll(() => fixture.close());

function bytes(file: SavedExport): Uint8Array {
  return new Uint8Array(savedBytes(file));
}

/** The file read back the way the import reads a spreadsheet: header row and data rows. */
function readBack(file: SavedExport & { outcome: 'saved' }) {
  const read = readSpreadsheet(bytes(file), file.fileName);
  if (!read.ok) throw new Error(read.problem.message);
  const header = detectHeaderRow(read.value.rows);
  const text = read.value.rows.map((row) => row.map((cell) => cell?.text ?? ''));
  return {
    workbook: read.value,
    header: text[header],
    body: text.slice(header + 1),
    headerRow: header,
  };
}

const saved = (file: SavedExport) => {
  if (file.outcome !== 'saved') throw new Error(`The export was not saved (${file.outcome}).`);
  return file;
};
const exportResults = async (filter: object, format: 'csv' | 'xlsx') =>
  saved(
    unwrap(await fixture.handlers['results.export']({ batchId: fixture.batchId, filter, format })),
  );
const exportFailed = async (format: 'csv' | 'xlsx') =>
  saved(
    unwrap(await fixture.handlers['results.exportFailed']({ batchId: fixture.batchId, format })),
  );

describe('exports of a batch', () => {
  it('writes the filtered rows as CSV with the command line columns in English words, BOM and neutralised formulas', async () => {
    const file = await exportResults({ statuses: ['ok'] }, 'csv');
    const counts = rowsRepo(fixture.history.db).counts(fixture.batchId);
    expect(file).toMatchObject({
      outcome: 'saved',
      fileName: 'test-results.csv',
      rows: counts.ok,
    });
    expect([...bytes(file).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    const { header, body, workbook } = readBack(file);
    expect(workbook).toMatchObject({ kind: 'csv', encoding: 'utf-8-bom', delimiter: ',' });
    expect(header).toEqual(exportHeader({ language: 'en' }));
    expect(body).toHaveLength(counts.ok);
    const column = (name: string) => outputColumns.indexOf(name as (typeof outputColumns)[number]);
    expect(body.every((row) => row[column('status')] === 'Answered')).toBe(true);
    // The formula-looking ID is kept, behind a quote that stops a spreadsheet running it.
    const formulaRow = body.find((row) => row[column('row')] === '7');
    expect(formulaRow?.[column('externalID')]).toBe(`'${formulaId}`);
    expect(body.filter((row) => row.some((cell) => /^[=+\-@]/.test(cell)))).toEqual([]);

    const first = unwrap(
      await fixture.handlers['results.detail']({ batchId: fixture.batchId, seq: 6 }),
    );
    const line = body.find((row) => row[column('row')] === String(first.row));
    expect(line?.[column('deviceID')]).toBe(first.deviceId ?? '');
    expect(Number(line?.[column('score')] ?? 'x')).toBe(first.score ?? 0);
    expect(line?.[column('insights')]).toBe(first.insights.join(' | '));
  });

  it('writes xlsx with the same rows, IDs exact in text cells (the guard is for CSV only)', async () => {
    const csv = readBack(await exportResults({}, 'csv'));
    const file = await exportResults({}, 'xlsx');
    expect(file.fileName).toBe('test-results.xlsx');
    const xlsx = readBack(file);
    expect(xlsx.workbook.kind).toBe('xlsx');
    expect(file.rows).toBe(300);
    expect(xlsx.body).toHaveLength(300);
    expect(xlsx.body[5]?.[1]).toBe(formulaId);
    expect(csv.body[5]?.[1]).toBe(`'${formulaId}`);
    // Same cells as the CSV, but for trailing empty cells the reader drops and the CSV's guard.
    const trimmed = (row: string[]) => row.slice(0, row.findLastIndex((cell) => cell !== '') + 1);
    const unguarded = (row: string[]) => row.map((cell) => cell.replace(/^'(?=[=+\-@\t\r])/, ''));
    expect(xlsx.body.map(trimmed)).toEqual(csv.body.map(trimmed).map(unguarded));
  });

  it('still writes the header when nothing matches', async () => {
    const file = await exportResults({ insight: 'NOPE0000' }, 'csv');
    expect(file.rows).toBe(0);
    expect(readBack(file)).toMatchObject({ header: exportHeader({ language: 'en' }), body: [] });
  });

  it('writes the failed rows as a spreadsheet the import takes again, unchanged', async () => {
    const file = await exportFailed('csv');
    expect(file).toMatchObject({ fileName: 'test-failed.csv', rows: 2 });
    const { workbook, header, headerRow } = readBack(file);
    expect(header).toEqual(reimportColumns);

    const mapping = autoMapColumns(headerTexts(workbook.rows, headerRow));
    const again = rowsToTransactions(workbook.rows, headerRow, mapping).map((row) =>
      validateTransaction(row.raw),
    );
    const sent = fixture.history.db
      .prepare("SELECT request_json FROM batch_rows WHERE status = 'failed' ORDER BY seq")
      .pluck()
      .all()
      .map((json) => JSON.parse(json as string) as unknown);
    expect(sent).toHaveLength(2);
    expect(again).toEqual(sent.map((request) => ({ ok: true, value: request })));
  });

  it('gives back the IDs the CSV guard prefixed with a quote when the failed rows are imported again', async () => {
    const db = fixture.history.db;
    const failed = db
      .prepare("SELECT seq, external_id FROM batch_rows WHERE status = 'failed' ORDER BY seq")
      .all() as Array<{ seq: number; external_id: string }>;
    // IDs a spreadsheet would run as a formula: the CSV form writes them as '-1234567 and '@SUM(1+1).
    const ids = ['-1234567', '@SUM(1+1)'];
    const update = db.prepare('UPDATE batch_rows SET external_id = ? WHERE seq = ?');
    failed.forEach((row, index) => update.run(ids[index], row.seq));
    try {
      for (const format of ['csv', 'xlsx'] as const) {
        const { workbook, body, headerRow } = readBack(await exportFailed(format));
        if (format === 'csv')
          expect(body.map((cells) => cells[0])).toEqual(["'-1234567", "'@SUM(1+1)"]);
        const mapping = autoMapColumns(headerTexts(workbook.rows, headerRow));
        const again = rowsToTransactions(workbook.rows, headerRow, mapping);
        expect(again.map((row) => row.raw.externalID)).toEqual(ids);
      }
    } finally {
      for (const row of failed) update.run(row.external_id, row.seq);
    }
  });

  it('gives back a formula-like ID when a results export (CSV) is imported as a new input', async () => {
    const { workbook, body, headerRow } = readBack(
      await exportResults({ statuses: ['ok'] }, 'csv'),
    );
    expect(body.some((cells) => cells.includes(`'${formulaId}`))).toBe(true);
    const mapping = autoMapColumns(headerTexts(workbook.rows, headerRow));
    const ids = rowsToTransactions(workbook.rows, headerRow, mapping).map(
      (row) => row.raw.externalID,
    );
    expect(ids).toContain(formulaId);
    expect(ids).not.toContain(`'${formulaId}`);
  });

  it('writes the failed rows as xlsx too, and a header-only file when none failed', async () => {
    const xlsx = await exportFailed('xlsx');
    expect(xlsx).toMatchObject({ fileName: 'test-failed.xlsx', rows: 2 });
    expect(readBack(xlsx).body).toHaveLength(2);

    fixture.history.db.prepare("UPDATE batch_rows SET status = 'ok' WHERE status = 'failed'").run();
    const none = await exportFailed('csv');
    expect(none.rows).toBe(0);
    expect(readBack(none)).toMatchObject({ header: reimportColumns, body: [] });
  });
});
