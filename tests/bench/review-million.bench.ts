import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Core } from '../../electron/core/create-core';
import type { ResultFilter } from '../../shared/contract/results';
import type { BuiltFileView } from '../../shared/contract/outcomes';
import type { ResponseVariableRow, ReviewOutcome } from '../../shared/domain/types';
import { buildResponseFile } from '../../shared/outcomes';
import type { Result } from '../../shared/result';
import type { BenchResult } from './bench-result';
import { benchCore } from './browser-app';
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

/**
 * Runs of a bulk outcome: 3 unless DCDESK_BENCH_REVIEW_BULK_RUNS says fewer (over a million rows
 * each run is minutes).
 */
const bulkRuns = Number(process.env.DCDESK_BENCH_REVIEW_BULK_RUNS ?? 3);

/** Three runs of a step, or `count` (`prepare` runs before each, outside the time). */
async function step3(
  work: (run: number) => Promise<unknown>,
  prepare: (run: number) => Promise<unknown> = () => Promise.resolve(),
  count = 3,
): Promise<Step> {
  const runs: Run[] = [];
  for (let run = 0; run < count; run += 1) {
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

function line(
  name: string,
  figure: Step,
  withMemory = false,
  note = '',
  targetMs = stepTargetMs,
): BenchResult {
  const result = {
    name,
    value:
      `${withSpread(figure.time)} ms, event loop held ${withSpread(figure.blocked)} ms` +
      (withMemory ? `, memory growth ${figure.growthMb.toFixed(0)} MB (largest of runs)` : '') +
      note,
    target: `≤ ${String(targetMs)} ms, no block over ${String(stepTargetMs)} ms`,
    met: figure.time.median <= targetMs && figure.blocked.max <= stepTargetMs,
    figures: { ms: figure.time, blockedMs: figure.blocked },
  };
  // Said as soon as measured: the whole group takes most of an hour.
  console.log(`${result.met ? 'ok  ' : 'MISS'}  ${result.name}  ${result.value}`);
  return result;
}

/**
 * The review side of a 1,048,576-row batch through the app's core (`core.call`, the door IPC and
 * the web host use): opening the queue riskiest first, marking one case, a bulk outcome over
 * every high-risk row and over the whole batch, then the response-variable file of about a
 * million outcomes: the CSV and the zip built in the core (`outcomes.buildFile`, as the sending
 * screen asks; the CSV is over 20 MB, so refused), the check of that zip by its ID, and the check
 * of the largest CSV the app sends, chosen from disk. Each step is timed three times,
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
    const core = valueOf(await benchCore(dataDir));
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
  rows: Array<{ seq: number; outcome: ReviewOutcome | null }>;
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

  const results: BenchResult[] = [];

  // The queue's first page (riskiest first) with its count, and the batch's outcome summary.
  const open = await step3(() => Promise.all([page({}), summary()]));
  results.push(
    line(`(q1) review queue of ${rows} rows: first page riskiest first, count, summary`, open),
  );
  // The next page of cases, asked when the cursor passes the 200 loaded.
  const next = await step3((run) => page({}, 200 * (run + 1)));
  results.push(line(`(q2) review queue: the next page of cases`, next));
  // One outcome by key, then the refresh the window does after it (page, count, summary).
  const first = (await page({})).rows;
  const markOne = await step3(async (run) => {
    const row = first[run];
    // Another outcome than the row's, so each run changes one (the summary is read again).
    const outcome = row?.outcome === 'Suspeito' ? 'Device Positivado' : 'Suspeito';
    await call(core, 'outcomes.set', { targets: [{ batchId, seq: row?.seq ?? 1 }], outcome });
    await Promise.all([page({}), summary()]);
  });
  results.push(
    line(`(q3) review queue: mark one outcome, then the refreshed page and summary`, markOne),
  );

  // DCDESK_BENCH_REVIEW_BULK_RUNS=0 leaves the bulk outcomes out (a history whose outcomes are set
  // already, such as a copy kept after a run, still gives the file's figures).
  if (bulkRuns > 0) results.push(...(await measureBulk(core, batchId, high)));
  else console.log('skip  (q4) and (q5): DCDESK_BENCH_REVIEW_BULK_RUNS=0');
  // The results' charts filtered by outcome: counted along the outcome's index (migration 0024),
  // by a sort, where the other filters walk the chart index in order. The target for a
  // chart is 1 s.
  const reviewed = { outcomes: ['Suspeito', 'Fraude Confirmada', 'Device Positivado'] };
  const charts = await step3(() => call(core, 'results.aggregates', { batchId, filter: reviewed }));
  results.push(
    line('(q10) charts of the results filtered to the reviewed rows', charts, false, '', 1000),
  );
  results.push(...(await measureFiles(core, batchId)));
  return results;
}

/** A bulk outcome over the high-risk rows, then over the whole batch. */
async function measureBulk(core: Core, batchId: string, high: number): Promise<BenchResult[]> {
  const rows = rowCount.toLocaleString('en');
  const results: BenchResult[] = [];
  // What each run changed, said beside its time: a run that sets the outcome rows already have
  // changes nothing and would be a flattering figure.
  const changed: number[] = [];
  const counted = async (input: unknown) => {
    const change = await call<{ changed: number }>(core, 'outcomes.setFiltered', input);
    changed.push(change.changed);
  };
  const changedNote = () =>
    `; rows changed: ${changed.map((n) => n.toLocaleString('en')).join(' / ')}`;
  // Every high-risk row, confirmed with the count the analyst saw; cleared again before each run.
  const bulkHigh = await step3(
    () =>
      counted({
        batchId,
        filter: { risks: ['high'] },
        outcome: 'Fraude Confirmada',
        expected: high,
      }),
    () =>
      call(core, 'outcomes.setFiltered', { batchId, filter: { risks: ['high'] }, outcome: null }),
    bulkRuns,
  );
  results.push(
    line(
      `(q4) bulk outcome over every high-risk row (${high.toLocaleString('en')}), confirmed`,
      bulkHigh,
      false,
      changedNote(),
    ),
  );
  changed.length = 0;
  // Every row of the batch, another outcome each run, so each run changes about a million: the
  // first is not `Suspeito`, the outcome a history reviewed beforehand holds (review-browser).
  const outcomesInTurn: ReviewOutcome[] = ['Device Positivado', 'Fraude Confirmada', 'Suspeito'];
  const bulkAll = await step3(
    (run) => counted({ batchId, filter: {}, outcome: outcomesInTurn[run] ?? 'Suspeito' }),
    undefined,
    bulkRuns,
  );
  results.push(
    line(`(q5) bulk outcome over the whole batch (${rows} rows)`, bulkAll, false, changedNote()),
  );
  return results;
}

/** The response file of the whole batch, built, checked by its ID, and one chosen from disk. */
async function measureFiles(core: Core, batchId: string): Promise<BenchResult[]> {
  const results: BenchResult[] = [];

  // The file of the whole batch, built in the core (rows read and file written on the history
  // task thread) as the sending screen asks for it: its preview and an ID come back, not its bytes.
  const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
  const builtIds: Record<'csv' | 'zip', string> = { csv: '', zip: '' };
  for (const kind of ['csv', 'zip'] as const) {
    let said = '';
    const step = await step3(async () => {
      const view = await call<BuiltFileView>(core, 'outcomes.buildFile', {
        batchId,
        scope: 'all',
        kind,
        fileName: 'rv',
      });
      builtIds[kind] = view.file?.fileId ?? '';
      said = view.file
        ? `; ${view.rows.toLocaleString('en')} rows, ${mb(view.file.preview.sizeBytes)}`
        : `; not built: ${view.problems[0]?.message ?? 'no rows'}`;
    });
    results.push(
      line(
        `(q${kind === 'csv' ? '6' : '7'}) response-variable ${kind} of the whole batch's outcomes, built in the core (outcomes.buildFile)`,
        step,
        true,
        said,
      ),
    );
  }
  // The check the window asks for, of the zip just built, by its ID.
  const check = async (input: object): Promise<[Step, string]> => {
    let said = '';
    const step = await step3(async () => {
      const answer = await core.call('uploads.check', input);
      said = answer.ok
        ? `; checked: ${String((answer.value as { rows: number }).rows)} rows, ${String((answer.value as { problems: unknown[] }).problems.length)} problems`
        : `; refused (${answer.error.code}): ${answer.error.message}`;
    });
    return [step, said];
  };
  if (builtIds.zip) {
    const [step, said] = await check({ fileId: builtIds.zip });
    results.push(
      line(`(q8) check before upload of that zip, by its ID (uploads.check)`, step, true, said),
    );
  }
  // The largest CSV the app sends (20 MB), chosen from disk: its bytes cross as base64.
  const fileRows = (
    await call<{ rows: ResponseVariableRow[] }>(core, 'outcomes.fileRows', {
      batchId,
      scope: 'all',
    })
  ).rows;
  const built = await buildResponseFile(fileRows.slice(0, 1000), { kind: 'csv', fileName: 'rv' });
  const perRow = built.ok ? built.file.bytes.length / 1000 : 46;
  const fitting = fileRows.slice(0, Math.floor((19.5 * 2 ** 20) / perRow));
  fileRows.length = 0;
  const largest = await buildResponseFile(fitting, { kind: 'csv', separator: ',', fileName: 'rv' });
  if (!largest.ok) throw new Error(largest.problems[0]?.message ?? 'The file cannot be built.');
  const base64 = Buffer.from(largest.file.bytes).toString('base64');
  const [atLimit, said] = await check({ fileName: 'rv.csv', base64 });
  results.push(
    line(
      `(q9) check before upload of the largest CSV sent, from disk (${fitting.length.toLocaleString('en')} rows, ${mb(largest.file.bytes.length)})`,
      atLimit,
      true,
      said,
    ),
  );
  return results;
}
