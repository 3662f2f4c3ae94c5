/**
 * An outcome is shown, filtered and exported only next to the answer that was reviewed: when the
 * same transactions are looked up again and the service names other devices, the new rows are
 * not the ones the analyst marked (the results table, its outcome filter, the export and the
 * search read the outcome the same way), and so are a batch's review summary and its
 * response-variable file. The command line's output is held to it in cli-reviewed-answer.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outputColumns } from '../../electron/core/bulk/output';
import { reviewService } from '../../electron/core/review/review-service';
import { fileRowsSql } from '../../electron/core/store/outcomes.repo';
import { searchRepo } from '../../electron/core/store/search.repo';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import type { ResultRow, SavedExport } from '../../shared/contract/results';
import { sourceRows, startBatch } from '../support/bulk';
import { tempHistory } from '../support/history';
import { savedBytes, testResultHandlers } from '../support/result-handlers';
import { unwrap } from './results-fixture';

const rows = 40;
let sandbox: SandboxHandle;
let history: Awaited<ReturnType<typeof tempHistory>>;
let handlers: ReturnType<typeof testResultHandlers>;
let firstId = '';
let secondId = '';

async function page(batchId: string, filter: object = {}): Promise<ResultRow[]> {
  return unwrap(
    await handlers['results.page']({
      batchId,
      filter,
      sort: 'row',
      direction: 'asc',
      offset: 0,
      limit: 500,
    }),
  ).rows;
}

beforeAll(async () => {
  sandbox = await startSandbox();
  sandbox.configure({ latencyMs: 0, faults: {}, tokenTtlSeconds: 3600, retryAfterSeconds: 1 });
  history = await tempHistory();
  handlers = testResultHandlers(history.db);
  const first = startBatch(history.db, sandbox, sourceRows(rows));
  expect((await first.run.ended).state).toBe('finished');
  firstId = first.batch.id;
  // Every answered row reviewed as fraud, on the first batch's devices.
  const answered = (await page(firstId)).filter((row) => row.deviceId !== null);
  reviewService(history.db).set(
    answered.map((row) => ({ batchId: firstId, seq: row.seq })),
    'Device Positivado',
  );
  // The same transactions again: the first half with the same sessions (the same devices), the
  // rest with new ones (other devices).
  const again = sourceRows(rows).map((row, index) =>
    index < rows / 2
      ? row
      : { ...row, raw: { ...row.raw, sessionID: `${String(row.raw.sessionID)}-again-zzzz` } },
  );
  const second = startBatch(history.db, sandbox, again);
  expect((await second.run.ended).state).toBe('finished');
  secondId = second.batch.id;
}, 60_000);
afterAll(async () => {
  history.close();
  await sandbox.close();
});

describe('a later answer naming another device', () => {
  it('shows the outcome only on rows whose answer named the reviewed device', async () => {
    const reviewed = new Map((await page(firstId)).map((row) => [row.externalId, row]));
    const later = await page(secondId);
    let same = 0;
    let other = 0;
    for (const row of later) {
      const before = reviewed.get(row.externalId)!;
      if (before.outcome === null || row.deviceId === null) {
        expect(row.outcome).toBeNull();
      } else if (row.deviceId === before.deviceId) {
        same += 1;
        expect(row.outcome).toBe('Device Positivado');
      } else {
        other += 1;
        expect(row.outcome, row.externalId ?? '').toBeNull();
        expect(row.outcomeSetAt).toBeNull();
      }
    }
    expect(same).toBeGreaterThan(5);
    expect(other).toBeGreaterThan(5);

    // The outcome filter agrees with the column.
    const filtered = await page(secondId, { outcomes: ['Device Positivado'] });
    expect(filtered.map((row) => row.seq)).toEqual(
      later.filter((row) => row.outcome !== null).map((row) => row.seq),
    );
  });

  it('exports the outcome only next to the reviewed device', async () => {
    const file: SavedExport = unwrap(
      await handlers['results.export']({ batchId: secondId, filter: {}, format: 'csv' }),
    );
    const [, ...lines] = Buffer.from(savedBytes(file))
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .filter(Boolean);
    // The header is in the analyst's language; the columns are in `outputColumns`' order.
    const at = (name: (typeof outputColumns)[number]) => outputColumns.indexOf(name);
    const later = new Map((await page(secondId)).map((row) => [row.externalId, row]));
    for (const line of lines) {
      const cells = line.split(',');
      const row = later.get(cells[at('externalID')]!)!;
      expect(cells[at('Resultado')]).toBe(row.outcome ?? '');
    }
  });

  it('search shows the outcome on the reviewed answer only', async () => {
    const moved = (await page(secondId)).find(
      (row) => row.deviceId !== null && row.outcome === null,
    )!;
    const hits = searchRepo(history.db).search(moved.externalId!, 10);
    const byBatch = new Map(hits.map((hit) => [hit.batchId, hit.outcome]));
    expect(byBatch.get(firstId)).toBe('Device Positivado');
    expect(byBatch.get(secondId)).toBeNull();
  });
});

describe("a batch's review summary and file", () => {
  it('count and carry only the transactions its rows show reviewed', async () => {
    const review = reviewService(history.db);
    const shown = (await page(secondId)).filter((row) => row.outcome !== null);
    const ids = shown.map((row) => row.externalId).sort();
    const all = { batchId: secondId, scope: 'all' as const };
    // Reviewed in the first batch on devices some of the second's answers did not name.
    expect(ids.length).toBeLessThan((await page(firstId)).filter((row) => row.outcome).length);

    expect(review.summary('sandbox', secondId).counts['Device Positivado']).toBe(ids.length);
    expect(review.reviewedBy(secondId)).toEqual([{ destination: 'sandbox', count: ids.length }]);
    expect(review.fileMeasure('sandbox', all).count).toBe(ids.length);
    expect(review.fileMeasure('sandbox', all, false).count).toBe(ids.length);
    const rows = await review.fileRows('sandbox', all);
    expect(rows.map((row) => row.transactionId).sort()).toEqual(ids);
    const devices = new Map(shown.map((row) => [row.externalId, row.deviceId]));
    for (const row of rows) expect(row.deviceId).toBe(devices.get(row.transactionId));
  });

  it("asks whether the batch's row named the device along the indexes", () => {
    const plan = history.db
      .prepare(`EXPLAIN QUERY PLAN ${fileRowsSql([['o.id', 'id']], 'B', true, false)}`)
      .all({ environment: 'sandbox', batchId: 'B', limit: 4 }) as Array<{ detail: string }>;
    const steps = plan.map((step) => step.detail);
    expect(steps).toContainEqual(
      expect.stringMatching(/SEARCH r USING (COVERING )?INDEX batch_rows_external_nocase/),
    );
    expect(steps).toContainEqual(
      expect.stringMatching(
        /SEARCH l USING .*PRIMARY KEY|SEARCH l USING INDEX sqlite_autoindex_lookups/,
      ),
    );
    expect(steps.filter((step) => /^SCAN (r|l)\b/.test(step))).toEqual([]);
  });
});
