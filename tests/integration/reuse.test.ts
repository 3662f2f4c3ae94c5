import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBatch } from '../../electron/core/bulk/batch';
import { countRecentlyLookedUp } from '../../electron/core/bulk/reuse';
import { rowsRepo } from '../../electron/core/store/rows.repo';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { sourceRows, startBatch } from '../support/bulk';
import { tempHistory } from '../support/history';

let sandbox: SandboxHandle;
let history: Awaited<ReturnType<typeof tempHistory>>;
beforeAll(async () => (sandbox = await startSandbox()));
afterAll(() => sandbox.close());
beforeEach(async () => (history = await tempHistory()));
afterEach(() => history.close());

describe('skipping transactions looked up recently', () => {
  it('counts them, reuses the newest answer and marks the rows reused', async () => {
    await startBatch(history.db, sandbox, sourceRows(20)).run.ended;
    const ids = sourceRows(25).map((row) => row.raw.externalID ?? '');
    expect(countRecentlyLookedUp(history.db, ids, 7)).toBe(20);
    // Only answers of the destination the run goes to are reused, so only those are counted.
    expect(countRecentlyLookedUp(history.db, ids, 7, new Date(), 'sandbox')).toBe(20);
    expect(countRecentlyLookedUp(history.db, ids, 7, new Date(), 'production')).toBe(0);
    expect(countRecentlyLookedUp(history.db, ids, 7, new Date(Date.now() + 8 * 86_400_000))).toBe(
      0,
    );

    const next = createBatch(history.db, {
      sourceName: 'again.csv',
      sourceSha256: 'b',
      environment: 'sandbox',
      baseUrl: sandbox.url,
      rows: sourceRows(25),
      skipLookedUpWithinDays: 7,
    });
    const stored = [...rowsRepo(history.db).iterate(next.id)];
    expect(stored.filter((row) => row.notes.includes('reused'))).toHaveLength(20);
    expect(
      stored
        .slice(0, 20)
        .every(
          (row) => row.state === 'done' && (row.status === 'ok' || row.status === 'no_content'),
        ),
    ).toBe(true);
    expect(stored.slice(20).every((row) => row.state === 'pending')).toBe(true);
    expect(stored[0]?.result?.deviceID ?? null).toEqual(
      stored[0]?.status === 'ok' ? expect.stringMatching(/^dev-/) : null,
    );
  });
});
