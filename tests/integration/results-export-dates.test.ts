/**
 * When an outcome was set, in the results exports: a real date cell in the XLSX (local time,
 * shown with a date-time format), local time written as the language writes a date in the CSV,
 * never the stored ISO UTC text.
 */
// São Paulo's clock (UTC−3, no summer time since 2019), so local time and UTC differ.
process.env.TZ = 'America/Sao_Paulo';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inflateRawSync } from 'node:zlib';
import * as XLSX from 'xlsx';
import { outputColumns } from '../../electron/core/bulk/output';
import { reviewService } from '../../electron/core/review/review-service';
import type { SavedExport } from '../../shared/contract/results';
import { detectHeaderRow, readSpreadsheet } from '../../shared/spreadsheet';
import { savedBytes } from '../support/result-handlers';
import { resultsFixture, unwrap, type ResultsFixture } from './results-fixture';

let fixture: ResultsFixture;
let setAt: string;
let externalId: string;
beforeAll(async () => {
  fixture = await resultsFixture();
  const db = fixture.history.db;
  const answered = db
    .prepare(`SELECT seq FROM result_index WHERE status = 'ok' ORDER BY seq LIMIT 1`)
    .pluck()
    .get() as number;
  reviewService(db).set([{ batchId: fixture.batchId, seq: answered }], 'Suspeito');
  // A moment whose local date is the day before its UTC date.
  setAt = '2026-11-27T01:39:34.712Z';
  db.prepare('UPDATE outcomes SET set_at = ?').run(setAt);
  externalId = db.prepare('SELECT external_id FROM outcomes').pluck().get() as string;
});
afterAll(() => fixture.close());

/** Every file of a zip (stored or deflated), by name: enough for the app's own xlsx. */
function unzip(bytes: Buffer): Map<string, string> {
  const files = new Map<string, string>();
  let at = 0;
  while (bytes.readUInt32LE(at) === 0x04034b50) {
    const method = bytes.readUInt16LE(at + 8);
    let size = bytes.readUInt32LE(at + 18);
    const nameLength = bytes.readUInt16LE(at + 26);
    const extra = bytes.readUInt16LE(at + 28);
    const name = bytes.subarray(at + 30, at + 30 + nameLength).toString('utf8');
    const start = at + 30 + nameLength + extra;
    if ((bytes.readUInt16LE(at + 6) & 8) !== 0) {
      // Sizes after the data: find the data descriptor.
      const descriptor = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x07, 0x08]), start);
      size = descriptor - start;
      const data = bytes.subarray(start, start + size);
      files.set(name, (method === 8 ? inflateRawSync(data) : data).toString('utf8'));
      at = descriptor + 16;
    } else {
      const data = bytes.subarray(start, start + size);
      files.set(name, (method === 8 ? inflateRawSync(data) : data).toString('utf8'));
      at = start + size;
    }
  }
  return files;
}

async function exported(language: 'en' | 'pt-BR', format: 'csv' | 'xlsx') {
  fixture.settings.language = language;
  fixture.settings.responseSeparator = language === 'en' ? ',' : ';';
  try {
    return unwrap(
      await fixture.handlers['results.export']({
        batchId: fixture.batchId,
        filter: { outcomes: ['Suspeito'] },
        format,
      }),
    );
  } finally {
    delete fixture.settings.language;
    delete fixture.settings.responseSeparator;
  }
}

/** The outcome time of the one reviewed row, as the import reads the file. */
function setAtCell(file: SavedExport): string {
  const read = readSpreadsheet(new Uint8Array(savedBytes(file)), file.fileName);
  if (!read.ok) throw new Error(read.problem.message);
  const rows = read.value.rows.map((row) => row.map((cell) => cell?.text ?? ''));
  const body = rows.slice(detectHeaderRow(read.value.rows) + 1);
  expect(body).toHaveLength(1);
  expect(body[0]![outputColumns.indexOf('externalID')]).toBe(externalId);
  return body[0]![outputColumns.indexOf('outcomeSetAt')]!;
}

describe('the outcome time in results exports', () => {
  it('runs in a time zone other than UTC', () => {
    expect(new Date(setAt).getTimezoneOffset()).toBe(180);
  });

  it('writes local time in the CSV, day and month in the language’s order', async () => {
    expect(setAtCell(await exported('pt-BR', 'csv'))).toBe('26/11/2026 22:39:34');
    expect(setAtCell(await exported('en', 'csv'))).toBe('11/26/2026 22:39:34');
  });

  for (const language of ['en', 'pt-BR'] as const)
    it(`writes a date cell with a date-time format in the ${language} XLSX`, async () => {
      const file = await exported(language, 'xlsx');
      // A date cell reads back as its local date and time (a text cell would read as written).
      expect(setAtCell(file)).toBe('2026-11-26 22:39:34');
      const parts = unzip(savedBytes(file));
      const styles = parts.get('xl/styles.xml')!;
      const format = language === 'en' ? 'mm/dd/yyyy hh:mm:ss' : 'dd/mm/yyyy hh:mm:ss';
      expect(styles).toContain(`formatCode="${format}"`);
      const sheet = parts.get('xl/worksheets/sheet1.xml')!;
      const serial = /<c s="1"><v>([\d.]+)<\/v><\/c>/.exec(sheet)?.[1];
      // 26 November 2026 22:39:34, local, as days since 30 December 1899: whole seconds, as the
      // CSV writes it (34.712 s is shown 22:39:35 by a spreadsheet, which rounds).
      expect(Number(serial)).toBeCloseTo(46352 + (22 * 3600 + 39 * 60 + 34) / 86400, 10);
    });

  for (const language of ['en', 'pt-BR'] as const)
    it(`shows the same second in the ${language} XLSX as in the CSV`, async () => {
      const csvText = setAtCell(await exported(language, 'csv'));
      const book = XLSX.read(savedBytes(await exported(language, 'xlsx')), { type: 'buffer' });
      const sheet = book.Sheets[book.SheetNames[0] ?? ''] as XLSX.WorkSheet;
      const column = XLSX.utils.encode_col(outputColumns.indexOf('outcomeSetAt'));
      // What a spreadsheet shows: the serial under the cell's date format.
      expect((sheet[`${column}2`] as XLSX.CellObject).w).toBe(csvText);
    });
});
