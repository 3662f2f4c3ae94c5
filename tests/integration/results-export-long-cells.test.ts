/**
 * A batch whose answers hold lists longer than an Excel cell (32,767 characters): the window's
 * XLSX export cuts them where a device ends, marks each cut cell in the export's language and
 * says how many it cut; the CSV export holds every device.
 */
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outputColumns } from '../../electron/core/bulk/output';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import type { SavedExport } from '../../shared/contract/results';
import { sandboxClient, sourceRows, startBatch } from '../support/bulk';
import { tempHistory } from '../support/history';
import { savedBytes, testResultHandlers } from '../support/result-handlers';
import { unwrap } from './results-fixture';

const devices = Array.from({ length: 3000 }, (_, n) => `dev-similar-${String(n).padStart(8, '0')}`);

let sandbox: SandboxHandle;
let history: Awaited<ReturnType<typeof tempHistory>>;
let batchId = '';
let answered = 0;
beforeAll(async () => {
  sandbox = await startSandbox();
  history = await tempHistory();
  const client = sandboxClient(sandbox);
  const { run, batch } = startBatch(
    history.db,
    sandbox,
    sourceRows(6),
    {},
    {
      // The sandbox's answers, each with three thousand similar devices.
      client: {
        insights: async (...args) => {
          const answer = await client.insights(...args);
          if (answer.ok && answer.value.status === 200) {
            answered += 1;
            answer.value.result.similarityResult = {
              deviceID: answer.value.result.deviceID,
              maximumScore: devices.map(() => 0.5),
              similarDevices: devices,
            };
          }
          return answer;
        },
      },
    },
  );
  batchId = batch.id;
  await run.ended;
});
afterAll(async () => {
  history.close();
  await sandbox.close();
});

const cellsOf = (file: SavedExport) => {
  // The separator named: SheetJS would guess `|`, which the lists hold more of than `,`.
  const book = XLSX.read(savedBytes(file), { type: 'buffer', raw: true, FS: ',' });
  const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0] ?? '']!, {
    header: 1,
  });
  return rows.slice(1).map((row) => row[outputColumns.indexOf('similarDevices')] ?? '');
};

describe('the results export of lists longer than an Excel cell', () => {
  it('cuts them in the XLSX where a device ends, marked, and counts the cells cut', async () => {
    const settings = { language: 'pt-BR' as const };
    const handlers = testResultHandlers(history.db, settings);
    const file = unwrap(await handlers['results.export']({ batchId, filter: {}, format: 'xlsx' }));
    expect(answered).toBeGreaterThan(0);
    // The similar devices of each answered row; their scores (`0,5 | …`, 18,000 characters) fit.
    expect(file).toMatchObject({ outcome: 'saved', cutCells: answered });
    const long = cellsOf(file).filter((cell) => cell !== '');
    expect(long).toHaveLength(answered);
    for (const cell of long) {
      const mark = / … \(mais (\d+), veja a exportação em CSV\)$/.exec(cell);
      const kept = cell.slice(0, mark?.index).split(' | ');
      expect(kept).toEqual(devices.slice(0, kept.length));
      expect(Number(mark?.[1])).toBe(devices.length - kept.length);
    }
  });

  it('holds every device in the CSV, and cuts nothing there', async () => {
    const handlers = testResultHandlers(history.db);
    const file = unwrap(await handlers['results.export']({ batchId, filter: {}, format: 'csv' }));
    expect(file).toMatchObject({ outcome: 'saved', cutCells: 0 });
    const long = cellsOf(file).filter((cell) => cell !== '');
    expect(long).toEqual(long.map(() => devices.join(' | ')));
  });
});
