import { ok } from '../../shared/result';
import { createBatch } from '../../electron/core/bulk/batch';
import { runBatch } from '../../electron/core/bulk/runner';
import { createServiceClient } from '../../electron/core/service/client';
import { sourceRows } from '../support/bulk';
import { tempHistory } from '../support/history';
import { sandboxProcess } from './sandbox-process';

type Sandbox = Awaited<ReturnType<typeof sandboxProcess>>;

function client(url: string) {
  return createServiceClient({
    fetch: globalThis.fetch,
    endpoint: { baseUrl: url, pathStyle: 'production' },
    credentials: () => Promise.resolve(ok({ username: 'bench', password: 'bench' })),
  });
}

/** Stores `rows` rows, runs them to the end and returns rows per second of the run itself. */
async function timedRun(
  sandbox: Sandbox,
  rows: number,
  concurrency: number,
  measureMemory = false,
) {
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
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = measureMemory
      ? setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20)
      : null;
    const started = performance.now();
    const end = await runBatch(batch.id, {
      db: history.db,
      client: client(sandbox.url),
      onEvent: () => undefined,
    }).ended;
    const seconds = (performance.now() - started) / 1000;
    if (sampler) clearInterval(sampler);
    if (end.state !== 'finished' || end.counts.done !== rows)
      throw new Error(`the run ended ${end.state} with ${String(end.counts.done)} rows`);
    return { seconds, rowsPerSecond: rows / seconds, growthMb: (peak - baseline) / 1024 / 1024 };
  } finally {
    history.close();
  }
}

export async function benchBulk(): Promise<
  Array<{ name: string; value: string; target: string; met: boolean }>
> {
  const sandbox = await sandboxProcess();
  try {
    // (a) With latency L, C slots can do at most C / L rows per second.
    const latencyMs = 50;
    const concurrency = 16;
    await sandbox.configure({ latencyMs });
    const a = await timedRun(sandbox, 5000, concurrency);
    const efficiency = a.rowsPerSecond / (concurrency / (latencyMs / 1000));

    // (b) No latency: the client's own cost per row, with every result stored durably.
    await sandbox.configure({ latencyMs: 0 });
    const b = await timedRun(sandbox, 20_000, concurrency);

    // (c) Memory: peak resident growth while a 100,000-row batch runs, from once its rows are stored.
    const c = await timedRun(sandbox, 100_000, concurrency, true);
    const growthMb = c.growthMb;

    return [
      {
        name: `(a) rows/s ÷ (C ÷ latency), C=${String(concurrency)}, ${String(latencyMs)} ms, 5,000 rows`,
        value: `${efficiency.toFixed(3)} (${a.rowsPerSecond.toFixed(0)} rows/s)`,
        target: '≥ 0.90',
        met: efficiency >= 0.9,
      },
      {
        name: '(b) rows/s at 0 ms latency, 20,000 rows, all stored',
        value: b.rowsPerSecond.toFixed(0),
        target: '≥ 1,500',
        met: b.rowsPerSecond >= 1500,
      },
      {
        name: '(c) peak RSS growth, 100,000-row batch at 0 ms',
        value: `${growthMb.toFixed(1)} MB (${c.rowsPerSecond.toFixed(0)} rows/s)`,
        target: '≤ 150 MB',
        met: growthMb <= 150,
      },
    ];
  } finally {
    sandbox.stop();
  }
}
