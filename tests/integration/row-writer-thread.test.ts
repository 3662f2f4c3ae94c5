import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RowWriter } from '../../electron/core/bulk/row-writes';
import {
  repositoryWriterThread,
  threadRowWriter,
} from '../../electron/core/bulk/thread-row-writer';
import { rowsRepo } from '../../electron/core/store/rows.repo';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { sourceRows, startBatch } from '../support/bulk';
import { tempHistory } from '../support/history';

let sandbox: SandboxHandle;
let history: Awaited<ReturnType<typeof tempHistory>>;
const writers: RowWriter[] = [];

/** A writer thread on the test's history, closed after the test. */
function writerThread(script = repositoryWriterThread().script): RowWriter {
  const writer = threadRowWriter({ script }, history.db.name, undefined);
  writers.push(writer);
  return writer;
}

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  history = await tempHistory();
  sandbox.configure({ latencyMs: 0, faults: {}, tokenTtlSeconds: 3600 });
  sandbox.resetCounters();
});
afterEach(() => {
  writers.splice(0).forEach((writer) => writer.close());
  history.close();
});

/** Each row's status and answer as stored, in input order. */
function storedAnswers(batchId: string) {
  return [...rowsRepo(history.db).iterate(batchId)].map((row) => [row.seq, row.status, row.result]);
}

describe('a batch run writing on a thread of its own', () => {
  it('stores every answer as a run on one thread does, each row sent once', async () => {
    const rows = sourceRows(400);
    const threaded = startBatch(
      history.db,
      sandbox,
      rows,
      { concurrency: 8 },
      {
        writer: writerThread(),
      },
    );
    expect(await threaded.run.ended).toMatchObject({ state: 'finished', counts: { done: 400 } });
    expect(Object.values(sandbox.counters().perExternalId).every((n) => n === 1)).toBe(true);

    const inline = startBatch(history.db, sandbox, rows, { concurrency: 8 });
    await inline.run.ended;
    expect(storedAnswers(threaded.batch.id)).toEqual(storedAnswers(inline.batch.id));
    expect(threaded.events.at(-1)).toMatchObject({ type: 'finished', counts: { done: 400 } });
  });

  it('keeps its thread free while another process holds the history for writing', async () => {
    sandbox.configure({ latencyMs: 5 });
    const { run } = startBatch(
      history.db,
      sandbox,
      sourceRows(2_000),
      { concurrency: 8 },
      {
        writer: writerThread(),
      },
    );
    while (sandbox.counters().insights < 50) await new Promise((done) => setTimeout(done, 5));
    // Another process takes the write lock for a second: the writes wait for it, and nothing
    // else on the runner's thread does (a run writing on its own thread would stall right here).
    const other = new Database(history.db.name);
    other.pragma('busy_timeout = 5000');
    other.exec('BEGIN IMMEDIATE');
    let ticks = 0;
    const ticking = setInterval(() => (ticks += 1), 10);
    await new Promise((done) => setTimeout(done, 1_000));
    clearInterval(ticking);
    other.exec('COMMIT');
    other.close();
    expect(ticks).toBeGreaterThan(40);
    expect(await run.ended).toMatchObject({ state: 'finished', counts: { done: 2_000 } });
  });

  it('ends failed, naming why, when its thread cannot start; no row is lost', async () => {
    const { batch, run } = startBatch(
      history.db,
      sandbox,
      sourceRows(50),
      { concurrency: 4 },
      {
        writer: writerThread('/nonexistent/row-writer.cjs'),
      },
    );
    const end = await run.ended;
    expect(end.state).toBe('failed');
    expect(end.state === 'failed' && end.message).toMatch(
      /results could not be stored: the writer thread (failed|stopped).*row-writer/,
    );
    const counts = rowsRepo(history.db).counts(batch.id);
    expect(counts.pending + counts.inFlight).toBe(50);
  });
});
