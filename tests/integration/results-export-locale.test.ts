/**
 * The app's results export follows the analyst's language and separator setting (issue 14): in
 * Portuguese with `;` a file Brazilian Excel opens in columns (`;`, decimal comma, Portuguese
 * headers and labels, BOM); in English with `,` the same rows in English words. The bytes are
 * compared whole. xlsx keeps numbers numeric in both languages.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBatch } from '../../electron/core/bulk/batch';
import {
  outputCells,
  outputColumns,
  toOutputRecord,
  writeOutput,
} from '../../electron/core/bulk/output';
import { exportDateText } from '../../electron/core/results-export/results-table';
import { reviewService } from '../../electron/core/review/review-service';
import { batchesRepo } from '../../electron/core/store/batches.repo';
import { rowsRepo } from '../../electron/core/store/rows.repo';
import type { SavedExport } from '../../shared/contract/results';
import type { Settings } from '../../shared/settings';
import { toCsv } from '../../shared/spreadsheet';
import { sourceRows } from '../support/bulk';
import { tempHistory } from '../support/history';
import { savedBytes, testResultHandlers } from '../support/result-handlers';

let history: Awaited<ReturnType<typeof tempHistory>>;
let batchId: string;
/** Row 1's transaction, reviewed as legitimate, and when. */
let first: { externalID: string; sessionID: string; setAt: string };
let second: { externalID: string; sessionID: string };
let third: { externalID: string; sessionID: string };

beforeAll(async () => {
  history = await tempHistory();
  const rows = sourceRows(3);
  const batch = createBatch(history.db, {
    sourceName: 'pedidos.xlsx',
    sourceSha256: 'c'.repeat(64),
    environment: 'sandbox',
    baseUrl: 'embedded',
    rows,
  });
  batchId = batch.id;
  const now = new Date().toISOString();
  history.db
    .transaction(() => {
      rowsRepo(history.db).complete(
        batchId,
        [
          {
            seq: 1,
            status: 'ok',
            httpStatus: 200,
            errorCode: null,
            result: {
              deviceID: 'dev-a',
              insights: ['DEV0003', 'GER0002'],
              alertQuantity: 2,
              deviceAge: 30,
              deviceRisk: 'medium',
              score: 0.87,
              smartID: 'smart-1',
              similarityResult: {
                deviceID: 'dev-a',
                // Items with a space, a bar and a backslash: each still told apart in a cell.
                similarDevices: ['dev b', 'dev|c\\d'],
                maximumScore: [0.5, 0.25],
              },
            },
            messages: [],
            attempts: 1,
            durationMs: 5,
          },
          {
            seq: 2,
            status: 'no_content',
            httpStatus: 204,
            errorCode: null,
            result: null,
            messages: [],
            attempts: 1,
            durationMs: 5,
          },
        ],
        now,
      );
      batchesRepo(history.db).setState(batchId, 'paused', now);
    })
    .immediate();
  reviewService(history.db).set([{ batchId, seq: 1 }], 'Legítima');
  const setAt = history.db.prepare('SELECT set_at FROM outcomes').pluck().get() as string;
  const raw = (index: number) => rows[index]!.raw as { externalID: string; sessionID: string };
  first = { ...raw(0), setAt };
  second = raw(1);
  third = raw(2);
});
afterAll(() => history.close());

async function exported(
  settings: Partial<Settings>,
  format: 'csv' | 'xlsx',
  locale = 'en-US',
): Promise<{ file: SavedExport; bytes: Buffer }> {
  const handlers = testResultHandlers(history.db, settings, locale);
  const result = await handlers['results.export']({ batchId, filter: {}, format });
  if (!result.ok) throw new Error(result.error.message);
  return { file: result.value, bytes: savedBytes(result.value) };
}

describe('the results CSV in the analyst’s language and separator', () => {
  it('in Portuguese with `;`: BOM, `;`, decimal comma, Portuguese headers and labels', async () => {
    // A text holding `,` is quoted in a `;` file too: Excel in English would split it there.
    const { file, bytes } = await exported({ language: 'pt-BR', responseSeparator: ';' }, 'csv');
    expect(file).toMatchObject({ outcome: 'saved', rows: 3 });
    const expected =
      '\ufeff' +
      'Linha;ID externo;ID da sessão;Situação;Status HTTP;ID do dispositivo;Insights;Alertas;' +
      'Idade do dispositivo;Risco do dispositivo;Score;Smart ID;Dispositivos semelhantes;' +
      'Score máximo;Mensagens;Resultado;Resultado marcado em\r\n' +
      `2;${first.externalID};${first.sessionID};Respondida;200;dev-a;DEV0003 | GER0002;2;30;Médio;` +
      `0,87;smart-1;dev b | dev\\|c\\\\d;"0,5 | 0,25";;Legítima;${exportDateText(new Date(first.setAt), 'pt-BR')}\r\n` +
      `3;${second.externalID};${second.sessionID};Sem conteúdo;204;;;;;;;;;;;;\r\n` +
      `4;${third.externalID};${third.sessionID};Pendente;;;;;;;;;;;;;\r\n`;
    expect(bytes.toString('utf8')).toBe(expected);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('in English with `,`: the same rows in English words, decimal point', async () => {
    const { bytes } = await exported({ language: 'en', responseSeparator: ',' }, 'csv');
    const expected =
      '\ufeff' +
      'Row,External ID,Session ID,Status,HTTP status,Device ID,Insights,Alerts,Device age,' +
      'Device risk,Score,Smart ID,Similar devices,Maximum score,Messages,Outcome,Outcome set at\r\n' +
      `2,${first.externalID},${first.sessionID},Answered,200,dev-a,DEV0003 | GER0002,2,30,Medium,` +
      `0.87,smart-1,dev b | dev\\|c\\\\d,0.5 | 0.25,,Legitimate,${exportDateText(new Date(first.setAt), 'en')}\r\n` +
      `3,${second.externalID},${second.sessionID},No content,204,,,,,,,,,,,,\r\n` +
      `4,${third.externalID},${third.sessionID},Pending,,,,,,,,,,,,,\r\n`;
    expect(bytes.toString('utf8')).toBe(expected);
  });

  it('follows the OS locale when the language setting is `system`', async () => {
    const portuguese = await exported({ responseSeparator: ';' }, 'csv', 'pt-BR');
    expect(portuguese.bytes.toString('utf8')).toMatch(/^\ufeffLinha;ID externo;/);
    const english = await exported({}, 'csv', 'en-GB');
    expect(english.bytes.toString('utf8')).toMatch(/^\ufeffRow,External ID,/);
  });

  it('writes the decimal point when the separator is `,`, in Portuguese too', async () => {
    const { bytes } = await exported({ language: 'pt-BR', responseSeparator: ',' }, 'csv');
    // With `,` between fields the decimal mark is the point: Excel takes both from one setting.
    expect(bytes.toString('utf8').split('\r\n')[1]).toContain(
      ',Médio,0.87,smart-1,dev b | dev\\|c\\\\d,0.5 | 0.25,',
    );
  });
});

describe('the results xlsx', () => {
  for (const language of ['en', 'pt-BR'] as const) {
    it(`keeps numbers numeric and labels in ${language}`, async () => {
      const { bytes } = await exported({ language, responseSeparator: ';' }, 'xlsx');
      const book = XLSX.read(bytes, { type: 'buffer' });
      const sheet = book.Sheets[book.SheetNames[0]!]!;
      // Row 2 of the sheet is the first data row: Row, HTTP status, Alerts, Device age, Score.
      for (const [address, value] of [
        ['A2', 2],
        ['E2', 200],
        ['H2', 2],
        ['I2', 30],
        ['K2', 0.87],
      ] as const) {
        expect(sheet[address]).toMatchObject({ t: 'n', v: value });
      }
      expect(sheet.D2).toMatchObject({ t: 's', v: language === 'en' ? 'Answered' : 'Respondida' });
      expect(sheet.J2).toMatchObject({ t: 's', v: language === 'en' ? 'Medium' : 'Médio' });
      expect(sheet.P2).toMatchObject({ t: 's', v: language === 'en' ? 'Legitimate' : 'Legítima' });
      expect(sheet.A1).toMatchObject({ t: 's', v: language === 'en' ? 'Row' : 'Linha' });
      // Lists as in the CSV: items apart with ` | `, a bar or backslash inside one escaped.
      expect(sheet.G2).toMatchObject({ t: 's', v: 'DEV0003 | GER0002' });
      expect(sheet.M2).toMatchObject({ t: 's', v: 'dev b | dev\\|c\\\\d' });
    });
  }
});

describe('the sheet names of the xlsx exports', () => {
  for (const [language, results, failed] of [
    ['en', 'Results', 'Failed'],
    ['pt-BR', 'Resultados', 'Com falha'],
  ] as const)
    it(`are in ${language}, as the headers are`, async () => {
      const { bytes } = await exported({ language }, 'xlsx');
      expect(XLSX.read(bytes, { type: 'buffer' }).SheetNames).toEqual([results]);
      const handlers = testResultHandlers(history.db, { language }, 'en-US');
      const retry = await handlers['results.exportFailed']({ batchId, format: 'xlsx' });
      if (!retry.ok) throw new Error(retry.error.message);
      const book = XLSX.read(savedBytes(retry.value), { type: 'buffer' });
      expect(book.SheetNames).toEqual([failed]);
    });
});

describe('the command line CSV', () => {
  it('is streamed with the bytes of the whole-table writer: codes, `,`, decimal point, BOM', async () => {
    const rows = () => rowsRepo(history.db).iterate(batchId);
    const file = path.join(history.dir, 'out.csv');
    expect(await writeOutput(file, rows())).toEqual({ rows: 3, cutCells: 0 });
    const whole = new TextEncoder().encode(
      toCsv(
        outputColumns,
        [...rows()].map((row) => outputCells(toOutputRecord(row))),
        { bom: true },
      ),
    );
    const written = readFileSync(file);
    expect(written.equals(Buffer.from(whole))).toBe(true);
    expect(written.toString('utf8').split('\r\n')[1]).toContain(
      ',ok,200,dev-a,DEV0003 | GER0002,2,30,medium,0.87,smart-1,dev b | dev\\|c\\\\d,0.5 | 0.25,',
    );
  });
});
