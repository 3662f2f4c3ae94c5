import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runBatch } from '../../electron/core/bulk/runner';
import { rowsRepo } from '../../electron/core/store/rows.repo';
import { faultsFromRate, startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { sandboxClient, sourceRows, startBatch } from '../support/bulk';
import { tempHistory } from '../support/history';

let sandbox: SandboxHandle;
let history: Awaited<ReturnType<typeof tempHistory>>;
const ttlSeconds = 2;

beforeAll(async () => {
  sandbox = await startSandbox({
    latencyMs: 8,
    tokenTtlSeconds: ttlSeconds,
    faults: faultsFromRate(0.1),
    retryAfterSeconds: 1,
    seed: 7,
  });
});
afterAll(() => sandbox.close());
beforeEach(async () => (history = await tempHistory()));
afterEach(() => history.close());

describe('a batch against a flaky service whose token expires every 2 seconds', () => {
  it('ends with every row answered and one authentication per expiry', async () => {
    const rows = 3000;
    const started = Date.now();
    const { batch, run } = startBatch(history.db, sandbox, sourceRows(rows), { concurrency: 16 });
    const first = await run.ended;
    const elapsedMs = Date.now() - started;
    expect(first.state).toBe('finished');
    // Three attempts at a 10% fault rate leave about one row in a thousand failed: re-run those.
    expect(first.counts.failed).toBeLessThanOrEqual(rows * 0.005);
    const counters = sandbox.counters();
    const expiries = Math.floor(elapsedMs / (ttlSeconds * 1000));
    expect(counters.authentications).toBeGreaterThanOrEqual(expiries);
    expect(counters.authentications).toBeLessThanOrEqual(expiries + 2);
    expect(counters.insightsByStatus.reset).toBeGreaterThan(0);
    expect(counters.insightsByStatus['503']).toBeGreaterThan(0);

    for (let pass = 0; pass < 3 && rowsRepo(history.db).counts(batch.id).failed > 0; pass += 1) {
      rowsRepo(history.db).resetFailed(batch.id, new Date().toISOString());
      await runBatch(batch.id, {
        db: history.db,
        client: sandboxClient(sandbox),
        onEvent: () => undefined,
      }).ended;
    }
    const counts = rowsRepo(history.db).counts(batch.id);
    expect(counts.ok + counts.noContent).toBe(rows);
    expect(counts).toMatchObject({ failed: 0, rejected: 0, pending: 0, inFlight: 0 });
  }, 60_000);
});
