/**
 * A results export says how far it is (rows written of the rows it will write, a few times a
 * second at most) and can be cancelled: it stops, and no file, whole or partial, is left.
 */
import { existsSync, readdirSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultExportHandlers } from '../../electron/core/handlers/results-export.handlers';
import { dataFolderTargets } from '../../electron/core/results-export/export-target';
import type { ResultsExportProgressEvent } from '../../shared/contract/events';
import { defaultSettings } from '../../shared/settings';
import { resultsFixture, unwrap, type ResultsFixture } from './results-fixture';

let fixture: ResultsFixture;
beforeAll(async () => {
  fixture = await resultsFixture();
});
afterAll(() => fixture.close());

/** The export handlers writing into a folder of their own, and the progress they emit. */
function exportsHeard() {
  const heard: ResultsExportProgressEvent[] = [];
  let onHeard: (event: ResultsExportProgressEvent) => void = () => undefined;
  const folder = mkdtempSync(path.join(tmpdir(), 'dcdesk-export-progress-'));
  const handlers = resultExportHandlers(
    {
      db: fixture.history.db,
      settings: () => defaultSettings,
      info: { locale: 'en-US' },
      emit: (name, payload) => {
        if (name !== 'main:results.exportProgress') return;
        const event = payload as ResultsExportProgressEvent;
        heard.push(event);
        onHeard(event);
      },
    },
    dataFolderTargets(folder),
  );
  const files = () => {
    const exports = path.join(folder, 'exports');
    return existsSync(exports) ? readdirSync(exports) : [];
  };
  return { handlers, heard, files, onEvent: (run: typeof onHeard) => (onHeard = run) };
}

describe('the progress of a results export', () => {
  for (const format of ['csv', 'xlsx'] as const)
    it(`tells rows written of the total while writing ${format}, the last when all are`, async () => {
      const { handlers, heard } = exportsHeard();
      const filter = { statuses: ['ok' as const] };
      const saved = unwrap(
        await handlers['results.export']({
          batchId: fixture.batchId,
          filter,
          format,
          exportId: `progress-${format}`,
        }),
      );
      if (saved.outcome !== 'saved') throw new Error(saved.outcome);
      expect(heard.length).toBeGreaterThanOrEqual(2);
      expect(heard[0]).toEqual({ exportId: `progress-${format}`, done: 0, total: saved.rows });
      expect(heard.at(-1)).toEqual({
        exportId: `progress-${format}`,
        done: saved.rows,
        total: saved.rows,
      });
      const done = heard.map((event) => event.done);
      expect([...done].sort((a, b) => a - b)).toEqual(done);
    });

  it('stops when cancelled and leaves no file behind', async () => {
    const { handlers, files, onEvent } = exportsHeard();
    onEvent(() => {
      void handlers['results.cancelExport']({ exportId: 'to-cancel' });
    });
    const saved = unwrap(
      await handlers['results.export']({
        batchId: fixture.batchId,
        filter: {},
        format: 'xlsx',
        exportId: 'to-cancel',
      }),
    );
    expect(saved).toEqual({ outcome: 'cancelled', fileName: 'test-results.xlsx' });
    expect(files()).toEqual([]);
  });

  it('says when there is no such export to cancel', async () => {
    const { handlers } = exportsHeard();
    expect(unwrap(await handlers['results.cancelExport']({ exportId: 'none' }))).toEqual({
      cancelled: false,
    });
  });
});
