/**
 * The outcome in the result exports: the app's CSV and xlsx and the command line's output carry
 * each row's `Resultado` and when it was set, empty for rows not reviewed, and the file reads back
 * as an outcomes spreadsheet.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outputColumns, writeOutput } from '../../electron/core/bulk/output';
import { exportDateText, exportHeader } from '../../electron/core/results-export/results-table';
import { reviewService } from '../../electron/core/review/review-service';
import { rowsRepo } from '../../electron/core/store/rows.repo';
import type { SavedExport, ResultRow } from '../../shared/contract/results';
import { savedBytes } from '../support/result-handlers';
import type { Outcome, ReviewOutcome } from '../../shared/domain/types';
import { autoMapOutcomeColumns, outcomeHeaderRow, outcomeRowsFrom } from '../../shared/outcomes';
import { detectHeaderRow, readSpreadsheet } from '../../shared/spreadsheet';
import { resultsFixture, unwrap, type ResultsFixture } from './results-fixture';

let fixture: ResultsFixture;
/** External id → the outcome this test gave it. */
const given = new Map<string, ReviewOutcome>();

beforeAll(async () => {
  fixture = await resultsFixture();
  // Three answered rows, apart from one another, get the three outcomes.
  const review = reviewService(fixture.history.db);
  const answered = (await everyRow()).filter((row) => row.deviceId !== null && row.seq > 10);
  const plan: Array<[ResultRow, Outcome]> = [
    [answered[0]!, 'Suspeito'],
    [answered[20]!, 'Fraude Confirmada'],
    [answered[40]!, 'Device Positivado'],
  ];
  for (const [row, outcome] of plan) {
    const change = review.set([{ batchId: fixture.batchId, seq: row.seq }], outcome);
    expect(change).toMatchObject({ value: { changed: 1 } });
  }
  for (const row of await everyRow()) if (row.outcome) given.set(row.externalId!, row.outcome);
  expect(given.size).toBe(3);
});
afterAll(() => fixture.close());

/** Every row of the batch as the results screen reads it (outcome and time included). */
async function everyRow(): Promise<ResultRow[]> {
  const page = unwrap(
    await fixture.handlers['results.page']({
      batchId: fixture.batchId,
      filter: {},
      sort: 'row',
      direction: 'asc',
      offset: 0,
      limit: 500,
    }),
  );
  return page.rows;
}

/** A file read back as the import reads a spreadsheet: the header and the data rows as text. */
function readBack(bytes: Uint8Array, fileName: string) {
  const read = readSpreadsheet(bytes, fileName);
  if (!read.ok) throw new Error(read.problem.message);
  const headerRow = detectHeaderRow(read.value.rows);
  const text = read.value.rows.map((row) => row.map((cell) => cell?.text ?? ''));
  return {
    rows: read.value.rows,
    headerRow,
    header: text[headerRow]!,
    body: text.slice(headerRow + 1),
  };
}

const fileBytes = (file: SavedExport) => new Uint8Array(savedBytes(file));

const exportResults = async (filter: object, format: 'csv' | 'xlsx') => {
  const file = unwrap(
    await fixture.handlers['results.export']({ batchId: fixture.batchId, filter, format }),
  );
  return readBack(fileBytes(file), file.fileName);
};

/** The cell of `column` in a row of the output columns. */
const cell = (line: string[], column: string) => line[outputColumns.indexOf(column as never)] ?? '';

describe('the outcome in result exports', () => {
  it('adds Resultado and its time to every row of the CSV, empty when not reviewed', async () => {
    const { header, body } = await exportResults({}, 'csv');
    expect(header).toEqual(exportHeader({ language: 'en' }));
    expect(header.slice(-2)).toEqual(['Outcome', 'Outcome set at']);
    expect(body).toHaveLength(300);

    const rows = await everyRow();
    const byRow = new Map(body.map((line) => [cell(line, 'row'), line]));
    for (const row of rows) {
      const line = byRow.get(String(row.row))!;
      expect(cell(line, 'Resultado')).toBe(row.outcome ?? '');
      expect(cell(line, 'outcomeSetAt')).toBe(
        row.outcomeSetAt === null ? '' : exportDateText(new Date(row.outcomeSetAt), 'en'),
      );
    }
    const reviewed = body.filter((line) => cell(line, 'Resultado') !== '');
    expect(
      new Map(reviewed.map((line) => [cell(line, 'externalID'), cell(line, 'Resultado')])),
    ).toEqual(given);
  });

  it('follows the review-state filter, and writes the same cells as xlsx', async () => {
    const fraud = await exportResults({ outcomes: ['Fraude Confirmada'] }, 'csv');
    expect(fraud.body.map((line) => cell(line, 'Resultado'))).toEqual(['Fraude Confirmada']);
    const notReviewed = await exportResults({ outcomes: ['none'] }, 'csv');
    expect(notReviewed.body).toHaveLength(297);
    expect(notReviewed.body.every((line) => cell(line, 'Resultado') === '')).toBe(true);

    const csv = await exportResults({ outcomes: ['Suspeito', 'Device Positivado'] }, 'csv');
    const xlsx = await exportResults({ outcomes: ['Suspeito', 'Device Positivado'] }, 'xlsx');
    expect(xlsx.header).toEqual(exportHeader({ language: 'en' }));
    // The same cells, but for the outcome's time: a date cell in xlsx (read back as
    // `2026-11-27 04:39:34`), the same local time as the language writes it in CSV.
    const setAt = outputColumns.indexOf('outcomeSetAt');
    const withoutTime = (body: string[][]) =>
      body.map((line) => line.filter((_, column) => column !== setAt));
    expect(withoutTime(xlsx.body)).toEqual(withoutTime(csv.body));
    expect(xlsx.body.map((line) => cell(line, 'outcomeSetAt'))).toEqual(
      csv.body.map((line) => {
        const [month, day, yearTime] = cell(line, 'outcomeSetAt').split('/');
        return `${yearTime!.slice(0, 4)}-${month!}-${day!}${yearTime!.slice(4)}`;
      }),
    );
    expect(csv.body.map((line) => cell(line, 'Resultado'))).toEqual(
      expect.arrayContaining(['Suspeito', 'Device Positivado']),
    );
  });

  // Each language's headers, in both formats: the Portuguese export's `ID externo` was once not
  // a name the import knew, so the app's own file could not be imported back.
  for (const language of ['en', 'pt-BR'] as const)
    for (const format of ['csv', 'xlsx'] as const)
      it(`reads back as an outcomes spreadsheet in ${language} (${format}): id and outcome mapped on their own`, async () => {
        fixture.settings.language = language;
        fixture.settings.responseSeparator = language === 'pt-BR' ? ';' : ',';
        try {
          const { rows, headerRow, header } = await exportResults({}, format);
          expect(header).toEqual(exportHeader({ language }));
          const mapping = autoMapOutcomeColumns(header);
          expect(mapping).toEqual({
            transactionId: outputColumns.indexOf('externalID'),
            outcome: outputColumns.indexOf('Resultado'),
          });
          expect(outcomeHeaderRow(rows)).toBe(headerRow);
          const read = outcomeRowsFrom(rows, headerRow, mapping);
          const withOutcome = read.rows.filter((row) => row.outcome !== null);
          expect(new Map(withOutcome.map((row) => [row.transactionId, row.outcome]))).toEqual(
            given,
          );
        } finally {
          delete fixture.settings.language;
          delete fixture.settings.responseSeparator;
        }
      });

  it('puts the outcome in the command line output too (csv and json)', async () => {
    const csvFile = path.join(fixture.history.dir, 'saida.csv');
    const written = await writeOutput(
      csvFile,
      rowsRepo(fixture.history.db).iterate(fixture.batchId),
    );
    expect(written).toEqual({ rows: 300, cutCells: 0 });
    const csv = readBack(new Uint8Array(readFileSync(csvFile)), 'saida.csv');
    expect(csv.header).toEqual(outputColumns);
    const reviewed = csv.body.filter((line) => cell(line, 'Resultado') !== '');
    expect(
      new Map(reviewed.map((line) => [cell(line, 'externalID'), cell(line, 'Resultado')])),
    ).toEqual(given);

    const jsonFile = path.join(fixture.history.dir, 'saida.json');
    await writeOutput(jsonFile, rowsRepo(fixture.history.db).iterate(fixture.batchId));
    const records = JSON.parse(readFileSync(jsonFile, 'utf8')) as Array<{
      externalID: string;
      Resultado: Outcome | null;
      outcomeSetAt: string | null;
    }>;
    const rows = await everyRow();
    expect(
      records.map((record) => [record.externalID, record.Resultado, record.outcomeSetAt]),
    ).toEqual(rows.map((row) => [row.externalId, row.outcome, row.outcomeSetAt]));
  });
});
