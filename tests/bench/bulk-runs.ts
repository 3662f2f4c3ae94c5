import path from 'node:path';
import { ok } from '../../shared/result';
import { createBatch } from '../../electron/core/bulk/batch';
import { runBatch } from '../../electron/core/bulk/runner';
import { threadRowWriter } from '../../electron/core/bulk/thread-row-writer';
import { createServiceClient } from '../../electron/core/service/client';
import { sourceRows } from '../support/bulk';
import { tempHistory } from '../support/history';
import { sampleTransaction } from '../support/transactions';
import { runMinimalClient } from './minimal-client';
import type { sandboxProcess } from './sandbox-process';
import { timedFetch } from './timed-fetch';

export type Sandbox = Awaited<ReturnType<typeof sandboxProcess>>;

const writerScript = path.resolve('dist/electron/row-writer.cjs');

/** What one run measured: rows/s over the busy window and over the whole run, authentications. */
export interface RunFigures {
  windowRowsPerSecond: number;
  runRowsPerSecond: number;
  seconds: number;
  authentications: number;
  growthMb: number;
  /** Resident memory of the whole process at its peak, and before the run (after the rows were stored). */
  peakMb: number;
  baselineMb: number;
}

/** Stores `rows` rows as dcdesk does, runs them to the end and measures the run. */
export async function dcdeskRun(
  sandbox: Sandbox,
  rows: number,
  concurrency: number,
  measureMemory = false,
): Promise<RunFigures> {
  const history = await tempHistory();
  try {
    const batch = createBatch(history.db, {
      sourceName: 'bench.csv',
      sourceSha256: '0'.repeat(64),
      environment: 'sandbox',
      baseUrl: sandbox.url,
      settings: { concurrency },
      rows: sourceRows(rows),
    });
    const timed = timedFetch();
    const client = createServiceClient({
      fetch: timed.fetch,
      endpoint: { baseUrl: sandbox.url, pathStyle: 'production' },
      credentials: () => Promise.resolve(ok({ username: 'bench', password: 'bench' })),
    });
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = measureMemory
      ? setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20)
      : null;
    const authsBefore = (await sandbox.counters()).authentications;
    const started = performance.now();
    // The writer thread dcdesk bulk runs (built by `npm run bench` beside the CLI).
    const writer = threadRowWriter({ script: writerScript }, history.db.name, undefined);
    const end = await runBatch(batch.id, {
      db: history.db,
      client,
      onEvent: () => undefined,
      writer,
    }).ended;
    const seconds = (performance.now() - started) / 1000;
    writer.close();
    if (sampler) clearInterval(sampler);
    if (end.state !== 'finished' || end.counts.done !== rows)
      throw new Error(`the run ended ${end.state} with ${String(end.counts.done)} rows`);
    return {
      windowRowsPerSecond: rows / timed.seconds(),
      runRowsPerSecond: rows / seconds,
      seconds,
      authentications: (await sandbox.counters()).authentications - authsBefore,
      growthMb: (peak - baseline) / 1024 / 1024,
      peakMb: peak / 1024 / 1024,
      baselineMb: baseline / 1024 / 1024,
    };
  } finally {
    history.close();
  }
}

/** The same rows through the minimal client (no storage), measured the same way. */
export async function minimalRun(
  sandbox: Sandbox,
  rows: number,
  concurrency: number,
): Promise<RunFigures> {
  const transactions = Array.from({ length: rows }, (_, n) => sampleTransaction(n));
  const timed = timedFetch();
  const authsBefore = (await sandbox.counters()).authentications;
  const started = performance.now();
  await runMinimalClient(sandbox.url, transactions, concurrency, timed.fetch);
  const seconds = (performance.now() - started) / 1000;
  return {
    windowRowsPerSecond: rows / timed.seconds(),
    runRowsPerSecond: rows / seconds,
    seconds,
    authentications: (await sandbox.counters()).authentications - authsBefore,
    growthMb: 0,
    peakMb: 0,
    baselineMb: 0,
  };
}
