import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createCore, type Core } from '../../electron/core/create-core';
import { createKeychainStore } from '../../electron/core/credentials/keychain';
import { startSandbox } from '../../electron/sandbox';
import type { ResultFilter } from '../../shared/contract/results';
import type { ResponseVariableRow, ReviewOutcome } from '../../shared/domain/types';
import { buildResponseFile } from '../../shared/outcomes';
import type { Result } from '../../shared/result';
import type { BenchResult } from './bench-result';
import { medianOf, withSpread, type Measured } from './median';
import { millionRows, storeBigBatch } from './million-batch';

/** A full sheet by default; DCDESK_BENCH_REVIEW_ROWS builds a smaller batch. */
const rowCount = Number(process.env.DCDESK_BENCH_REVIEW_ROWS ?? millionRows);

/** The most a step may take, and the most it may hold the main process's event loop. */
const stepTargetMs = 2000;

/** One run of a step: its time, the longest the event loop waited meanwhile, the memory it grew. */
interface Run {
  ms: number;
  blockedMs: number;
  growthMb: number;
}

/**
 * Runs `work` while watching the event loop (perf_hooks, 10 ms resolution) and the resident size
 * (sampled every 20 ms, and once after). A synchronous call that holds the loop for seconds shows
 * as a delay that long: every IPC answer of the app would wait as long.
 */
async function watched(work: () => Promise<unknown>): Promise<Run> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  // Its first tick only starts the clock: a block before it would not be seen.
  await new Promise((resolve) => setTimeout(resolve, 30));
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  peak = Math.max(peak, process.memoryUsage().rss);
  // The monitor's timer, late behind a block that just ended, records it at its next turn.
  await new Promise((resolve) => setTimeout(resolve, 30));
  delay.disable();
  clearInterval(sampler);
  return { ms, blockedMs: delay.max / 1e6, growthMb: (peak - before) / 2 ** 20 };
}

interface Step {
  time: Measured;
  blocked: Measured;
  growthMb: number;
}

/** Three runs of a step (`prepare` runs before each, outside the time). */
async function step3(
  work: (run: number) => Promise<unknown>,
  prepare: (run: number) => Promise<unknown> = () => Promise.resolve(),
): Promise<Step> {
  const runs: Run[] = [];
  for (let run = 0; run < 3; run += 1) {
    await prepare(run);
    runs.push(await watched(() => work(run)));
  }
  return {
    time: medianOf(runs.map((run) => run.ms)),
    blocked: medianOf(runs.map((run) => run.blockedMs)),
    growthMb: Math.max(...runs.map((run) => run.growthMb)),
  };
}

function valueOf<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

/** One operation of the contract through the core, as the window calls it (schema included). */
async function call<T>(core: Core, name: string, input: unknown): Promise<T> {
  return valueOf(await core.call(name, input)) as T;
}

const line = (name: string, figure: Step, withMemory = false): BenchResult => ({
  name,
  value:
    `${withSpread(figure.time)} ms, event loop held ${withSpread(figure.blocked)} ms` +
    (withMemory ? `, memory growth ${figure.growthMb.toFixed(0)} MB (largest of 3)` : ''),
  target: `≤ ${String(stepTargetMs)} ms, no block over ${String(stepTargetMs)} ms`,
  met: figure.time.median <= stepTargetMs && figure.blocked.max <= stepTargetMs,
  figures: { ms: figure.time, blockedMs: figure.blocked },
});

/**
 * The review side of a 1,048,576-row batch through the app's core (`core.call`, the door IPC and
 * the web host use): opening the queue riskiest first, marking one case, a bulk outcome over
 * every high-risk row and over the whole batch, then the response-variable file of about a
 * million outcomes: its rows, the CSV and the zip built with the shared builder (as the window
 * and `dcdesk outcomes build` do), and the check before upload. Each step is timed three times,
 * with the longest the main process's event loop was held. `DCDESK_BENCH_MILLION_DIR` copies a
 * history built before (it is changed here, so the copy is thrown away afterwards);
 * `DCDESK_BENCH_REVIEW_ROWS` builds a smaller batch instead.
 */
export async function benchReviewMillion(): Promise<BenchResult[]> {
  const kept = process.env.DCDESK_BENCH_MILLION_DIR;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dcdesk-bench-review-'));
  try {
    if (kept) cpSync(kept, dataDir, { recursive: true });
    else await storeBigBatch(dataDir, rowCount);
    const core = valueOf(
      await createCore({
        dataDir,
        fetch: globalThis.fetch,
        keychain: createKeychainStore({ service: 'Device Check Desk bench' }),
        startSandbox,
        version: 'bench',
        locale: 'en-US',
        platform: process.platform,
      }),
    );
    try {
      return await measureReview(core);
    } finally {
      await core.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

interface Page {
  total: number;
  rows: Array<{ seq: number }>;
}

async function measureReview(core: Core): Promise<BenchResult[]> {
  const batches = await call<Array<{ id: string }>>(core, 'batches.list', {});
  const batchId = batches[0]?.id ?? '';
  const page = (filter: ResultFilter, offset = 0) =>
    call<Page>(core, 'results.page', {
      batchId,
      filter,
      sort: 'deviceRisk',
      direction: 'desc',
      offset,
      limit: 200,
    });
  const summary = () => call(core, 'outcomes.summary', { batchId });
  const high = (await page({ risks: ['high'] })).total;
  const rows = rowCount.toLocaleString('en');

  // The queue's first page (riskiest first) with its count, and the batch's outcome summary.
  const open = await step3(() => Promise.all([page({}), summary()]));
  // The next page of cases, asked when the cursor passes the 200 loaded.
  const next = await step3((run) => page({}, 200 * (run + 1)));
  // One outcome by key, then the refresh the window does after it (page, count, summary).
  const first = (await page({})).rows;
  const markOne = await step3(async (run) => {
    const seq = first[run]?.seq ?? 1;
    await call(core, 'outcomes.set', { targets: [{ batchId, seq }], outcome: 'Suspeito' });
    await Promise.all([page({}), summary()]);
  });

  // Every high-risk row, confirmed with the count the analyst saw; cleared again before each run.
  const bulkHigh = await step3(
    () =>
      call(core, 'outcomes.setFiltered', {
        batchId,
        filter: { risks: ['high'] },
        outcome: 'Fraude Confirmada',
        expected: high,
      }),
    () =>
      call(core, 'outcomes.setFiltered', { batchId, filter: { risks: ['high'] }, outcome: null }),
  );
  // Every row of the batch, another outcome each run, so each run changes about a million.
  const outcomesInTurn: ReviewOutcome[] = ['Suspeito', 'Device Positivado', 'Fraude Confirmada'];
  const bulkAll = await step3((run) =>
    call(core, 'outcomes.setFiltered', {
      batchId,
      filter: {},
      outcome: outcomesInTurn[run] ?? 'Suspeito',
    }),
  );

  // The file of the whole batch: its rows from the core, then the shared builder.
  let fileRows: ResponseVariableRow[] = [];
  const rowsStep = await step3(async () => {
    fileRows = [];
    fileRows = (
      await call<{ rows: ResponseVariableRow[] }>(core, 'outcomes.fileRows', {
        batchId,
        scope: 'all',
      })
    ).rows;
  });
  const built: Record<'csv' | 'zip', Uint8Array> = { csv: new Uint8Array(), zip: new Uint8Array() };
  const buildStep = async (kind: 'csv' | 'zip') =>
    step3(async () => {
      built[kind] = new Uint8Array();
      const file = await buildResponseFile(fileRows, { kind, separator: ',', fileName: 'rv' });
      if (!file.ok) throw new Error(file.problems[0]?.message ?? 'The file cannot be built.');
      built[kind] = file.file.bytes;
    });
  const csv = await buildStep('csv');
  const zip = await buildStep('zip');
  const outcomeCount = fileRows.length;
  fileRows = [];
  const checkStep = async (kind: 'csv' | 'zip') => {
    const base64 = Buffer.from(built[kind]).toString('base64');
    return step3(() => call(core, 'uploads.check', { fileName: `rv.${kind}`, base64 }));
  };
  const checkCsv = await checkStep('csv');
  const checkZip = await checkStep('zip');
  const mb = (bytes: Uint8Array) => `${(bytes.length / 2 ** 20).toFixed(0)} MB`;
  const outcomesText = outcomeCount.toLocaleString('en');

  return [
    line(`(q1) review queue of ${rows} rows: first page riskiest first, count, summary`, open),
    line(`(q2) review queue: the next page of cases`, next),
    line(`(q3) review queue: mark one outcome, then the refreshed page and summary`, markOne),
    line(
      `(q4) bulk outcome over every high-risk row (${high.toLocaleString('en')}), confirmed`,
      bulkHigh,
    ),
    line(`(q5) bulk outcome over the whole batch (${rows} rows)`, bulkAll),
    line(
      `(q6) file rows of ${outcomesText} outcomes from the core (outcomes.fileRows)`,
      rowsStep,
      true,
    ),
    line(`(q7) response-variable CSV of ${outcomesText} outcomes (${mb(built.csv)})`, csv, true),
    line(`(q8) response-variable zip of ${outcomesText} outcomes (${mb(built.zip)})`, zip, true),
    line(`(q9) check before upload of that CSV (uploads.check)`, checkCsv, true),
    line(`(q10) check before upload of that zip (uploads.check)`, checkZip, true),
  ];
}
