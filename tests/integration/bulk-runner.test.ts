import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  onTestFinished,
} from 'vitest';
import { sleep } from '../../electron/core/bulk/rate';
import { leaseSize, runBatch } from '../../electron/core/bulk/runner';
import { rowsRepo } from '../../electron/core/store/rows.repo';
import { sandboxAnswer, startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { sandboxClient, sourceRows, startBatch } from '../support/bulk';
import { tempHistory } from '../support/history';

let sandbox: SandboxHandle;
let history: Awaited<ReturnType<typeof tempHistory>>;

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  history = await tempHistory();
  sandbox.configure({ latencyMs: 0, faults: {}, tokenTtlSeconds: 3600, retryAfterSeconds: 1 });
  sandbox.resetCounters();
});
afterEach(() => history.close());

function stored(batchId: string) {
  return [...rowsRepo(history.db).iterate(batchId)];
}

function inFlightRows(batchId: string): number {
  return rowsRepo(history.db).counts(batchId).inFlight;
}

describe('a batch run', () => {
  it('stores one result per row, keeps invalid rows local and reports progress', async () => {
    const rows = sourceRows(300);
    rows[10] = { ...rows[10]!, raw: { ...rows[10]!.raw, cpf: '123.456.789-00' } };
    const { batch, run, events } = startBatch(history.db, sandbox, rows, { concurrency: 8 });
    const end = await run.ended;

    expect(end).toMatchObject({
      state: 'finished',
      counts: { total: 300, done: 300, invalid: 1, rejected: 0, failed: 0, remaining: 0 },
    });
    expect(end.counts.ok + end.counts.noContent).toBe(299);
    const results = stored(batch.id);
    expect(results.map((row) => row.seq)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    expect(results[10]).toMatchObject({
      status: 'invalid',
      problems: [{ field: 'cpf', rule: 'check_digits' }],
    });
    expect(sandbox.counters().perExternalId[rows[10].raw.externalID ?? '']).toBeUndefined();
    expect(Object.values(sandbox.counters().perExternalId).every((n) => n === 1)).toBe(true);

    const expected = sandboxAnswer(rowsRequest(batch.id, 1));
    const deviceID = expected.status === 200 ? expected.body.deviceID : undefined;
    expect(results[0]).toMatchObject(
      expected.status === 200 ? { status: 'ok', result: { deviceID } } : { status: 'no_content' },
    );
    expect(events[0]?.type).toBe('started');
    expect(events.at(-1)).toMatchObject({ type: 'finished', counts: { done: 300 } });
  });

  it('pauses without losing or repeating a row, then resumes to the end', async () => {
    sandbox.configure({ latencyMs: 5 });
    const { batch, run } = startBatch(history.db, sandbox, sourceRows(1000), { concurrency: 8 });
    await until(() => rowsRepo(history.db).counts(batch.id).ok > 100);
    run.pause();
    const paused = await run.ended;
    expect(paused).toMatchObject({ state: 'paused', reason: 'user' });
    expect(paused.counts.remaining).toBeGreaterThan(0);
    expect(inFlightRows(batch.id)).toBe(0);

    const resumed = await runBatch(batch.id, {
      db: history.db,
      client: sandboxClient(sandbox),
      onEvent: () => undefined,
    }).ended;
    expect(resumed).toMatchObject({ state: 'finished', counts: { done: 1000 } });
    expect(Object.values(sandbox.counters().perExternalId).every((n) => n === 1)).toBe(true);
    expect(Object.keys(sandbox.counters().perExternalId)).toHaveLength(1000);
  });

  it('cancels within 2 seconds and returns the rows in flight to pending', async () => {
    // A sandbox of its own: a request aborted as it left may still reach a server, after this test,
    // and take the next test's forced answer. Closing this one drops them all.
    const slow = await startSandbox();
    onTestFinished(() => slow.close());
    slow.configure({ latencyMs: 10_000 });
    const { batch, run } = startBatch(history.db, slow, sourceRows(50), { concurrency: 8 });
    // The lease: 8 rows sent and the rest claimed ahead (48 at least: all 50), marked in flight on disk.
    await until(() => inFlightRows(batch.id) === Math.min(50, leaseSize(8)));
    run.cancel();
    const end = await run.ended;
    // The sandbox answers only after its 10 s latency: the run ended with none of the requests in
    // flight answered, so cancel aborted them rather than waiting (an order, not a wall-clock figure).
    expect(Object.values(slow.counters().insightsByStatus).reduce((a, b) => a + b, 0)).toBe(0);
    expect(end).toMatchObject({ state: 'cancelled', counts: { done: 0, remaining: 50 } });
    expect(rowsRepo(history.db).counts(batch.id)).toMatchObject({ pending: 50, inFlight: 0 });
  });

  it('waits as long as Retry-After says before retrying', async () => {
    sandbox.forceNext(503, { route: 'insights', retryAfter: '1' });
    // The delays the runner waits are recorded, then really waited: no wall-clock measure.
    const waits: number[] = [];
    const recordingSleep = (ms: number, signal: AbortSignal) => {
      waits.push(ms);
      return sleep(ms, signal);
    };
    const { batch, run } = startBatch(
      history.db,
      sandbox,
      sourceRows(1),
      { concurrency: 1 },
      { sleep: recordingSleep },
    );
    expect(await run.ended).toMatchObject({ state: 'finished', counts: { failed: 0 } });
    expect(waits).toEqual([1000]);
    expect(stored(batch.id)[0]).toMatchObject({ attempts: 2 });
  });

  it('tells at once that the service asked to wait, and for how long', async () => {
    sandbox.forceNext(429, { route: 'insights', retryAfter: '2' });
    const { run, events } = startBatch(history.db, sandbox, sourceRows(1), { concurrency: 1 });
    // Told before the wait ends, not after it: the window says why nothing moves.
    await expect
      .poll(() => events.find((event) => event.type === 'progress' && event.serviceWait))
      .toMatchObject({ serviceWait: { status: 429, seconds: 2 } });
    expect(events.some((event) => event.type === 'finished')).toBe(false);
    expect(await run.ended).toMatchObject({ state: 'finished', counts: { failed: 0 } });
    // The last progress, once the row is answered, no longer says so.
    const last = events.filter((event) => event.type === 'progress').at(-1);
    expect(last).not.toHaveProperty('serviceWait');
  });

  it('marks a 400 rejected with the service messages, and a row failing three times failed', async () => {
    sandbox.forceNext(400, { route: 'insights' });
    const rejected = startBatch(history.db, sandbox, sourceRows(1), { concurrency: 1 });
    await rejected.run.ended;
    expect(stored(rejected.batch.id)[0]).toMatchObject({
      status: 'rejected',
      httpStatus: 400,
      attempts: 1,
    });
    expect(stored(rejected.batch.id)[0]?.messages.length).toBeGreaterThan(0);

    sandbox.forceNext(500, { route: 'insights', count: 3 });
    const failed = startBatch(
      history.db,
      sandbox,
      sourceRows(1, 10),
      { concurrency: 1 },
      { retryPolicy: { baseDelayMs: 1 } },
    );
    expect(await failed.run.ended).toMatchObject({ state: 'finished', counts: { failed: 1 } });
    expect(stored(failed.batch.id)[0]).toMatchObject({
      status: 'failed',
      httpStatus: 500,
      attempts: 3,
    });

    expect(rowsRepo(history.db).resetFailed(failed.batch.id, new Date().toISOString())).toBe(1);
    const rerun = runBatch(failed.batch.id, {
      db: history.db,
      client: sandboxClient(sandbox),
      onEvent: () => undefined,
    });
    expect(await rerun.ended).toMatchObject({ state: 'finished', counts: { failed: 0, done: 1 } });
  });

  it('pauses as degraded when the retry budget runs out, leaving rows pending rather than failed', async () => {
    sandbox.configure({ faults: { 500: 1 } });
    const { batch, run } = startBatch(
      history.db,
      sandbox,
      sourceRows(500),
      { concurrency: 8 },
      { retryPolicy: { baseDelayMs: 1 } },
    );
    const end = await run.ended;
    expect(end).toMatchObject({ state: 'paused', reason: 'service_degraded' });
    expect(sandbox.counters().insights).toBeLessThan(150);
    const counts = rowsRepo(history.db).counts(batch.id);
    expect(counts.pending).toBeGreaterThan(400);
    expect(counts.inFlight).toBe(0);
  });

  it.each([403, 404])('pauses the batch with a configuration error on %i', async (status) => {
    sandbox.forceNext(status, { route: 'insights' });
    const { batch, run } = startBatch(history.db, sandbox, sourceRows(20), { concurrency: 1 });
    expect(await run.ended).toMatchObject({ state: 'paused', reason: 'configuration' });
    expect(rowsRepo(history.db).counts(batch.id)).toMatchObject({ failed: 0, pending: 20 });
  });
});

function rowsRequest(batchId: string, seq: number): unknown {
  const row = history.db
    .prepare<[string, number], { request_json: string }>(
      'SELECT request_json FROM batch_rows WHERE batch_key = (SELECT key FROM batches WHERE id = ?) AND seq = ?',
    )
    .get(batchId, seq);
  return row ? (JSON.parse(row.request_json) as unknown) : null;
}

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
