import { setMaxListeners } from 'node:events';
import type { ServiceClient } from '../service/client';
import type { Db } from '../store/db';
import { batchesRepo, type BatchSettings, type PauseReason } from '../store/batches.repo';
import { rowsRepo, type ClaimedRow, type RowCounts, type RowResult } from '../store/rows.repo';
import { createCommitSchedule } from './commit-schedule';
import { createProgressMeter, toBatchCounts, type BatchCounts, type BatchEvent } from './progress';
import { createRateLimiter, sleep } from './rate';
import { failureOf, resultOf } from './row-result';
import { createRetryBudget, decideRetry, defaultRetryPolicy, type RetryPolicy } from './retry';
import { messageOf } from '../../../shared/message-of';
import { diskFullMessage, endOf, lostEnd, type How, type RunEnd } from './run-end';
import { failureError, inlineRowWriter, type RowWriteOutcome, type RowWriter } from './row-writes';
import { historyFailureText, outOfFiles, outOfFilesText } from '../local-failure';
import { briefly, isBusy, waitWhileBusy } from '../store/busy';
import { runWaits } from './run-waits';

export interface RunnerOptions {
  db: Db;
  client: Pick<ServiceClient, 'insights'>;
  onEvent: (event: BatchEvent) => void;
  retryPolicy?: Partial<RetryPolicy>;
  retryBudget?: { capacity: number; earnedPerSuccess: number };
  progressIntervalMs?: number;
  /**
   * Longest wait, in ms, before finished rows are committed while rows claimed ahead remain
   * (default 20). A commit happens sooner when those rows run low, the run stops or ends.
   */
  groupCommitMs?: number;
  /**
   * Whether this run still holds the batch's lease, asked inside every write transaction: a run
   * taken over by another process (this one froze longer than the lease allows) stores nothing
   * more, neither rows nor the batch's state. Absent: the run is the batch's only runner.
   */
  holds?: () => boolean;
  /**
   * Where the rows are written. Absent: on `db`, on this thread (asking `holds`). The app and
   * dcdesk pass a writer on a thread of its own (`threadRowWriter`), which checks the lease itself,
   * and close it when they are done with it.
   */
  writer?: RowWriter;
  /**
   * Concurrency and rate for this run instead of the batch's stored ones: an analyst resumes a
   * batch that went too slowly with more requests at once. The lease (and so what a kill can
   * re-send) follows the concurrency of the run that holds it.
   */
  pace?: Partial<Pick<BatchSettings, 'concurrency' | 'ratePerSecond'>>;
  /** The wall clock, for the times stored (default `Date.now`). */
  now?: () => number;
  /**
   * The clock that measures time passing: the rate, progress rates, waits and the run's duration
   * (default `performance.now`). Monotonic, so a wall clock set back stalls nothing.
   */
  clock?: () => number;
  random?: () => number;
  /** Waits between attempts; tests pass one that records the delays asked for. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export type { RunEnd } from './run-end';

export interface BatchRun {
  readonly batchId: string;
  /** Settles when the run stops: finished, paused, cancelled, or failed to store. */
  readonly ended: Promise<RunEnd>;
  /**
   * Stops taking new rows; requests in flight finish and are stored. `message` says why, when it
   * was not the analyst; then `reason` is `interrupted` (dcdesk stopped by SIGTERM, or its reader
   * gone), so the batch is offered for resume as one the analyst did not pause.
   */
  pause(message?: string, reason?: 'user' | 'interrupted' | 'history_gone'): void;
  /** Aborts requests in flight; their rows go back to pending. */
  cancel(): void;
  /**
   * Like cancel, but the batch ends paused as `interrupted`, to be offered for resume (app quit).
   * `message` says why, when it was not the app closing (its rows could not be stored).
   */
  interrupt(message?: string): void;
}

type Stop = { kind: 'pause'; reason: PauseReason; message: string } | { kind: 'cancel' };

/** The least a run claims ahead (see `leaseSize`). */
const leastAhead = 48;

/**
 * The rows a run holds claimed on disk: those being sent (`concurrency`) and those waiting, as many
 * again and at least 48. A commit of a group of answers takes 10 to 15 ms on the 2-core build
 * machine (the answers' index entries and their pages in the WAL); at 0 ms latency 16 slots send
 * about 30 rows meanwhile, so with only 16 waiting they stood idle during every commit
 * (`npm run bench -- bulk`, figure b). A kill re-sends at most this many rows.
 */
export function leaseSize(concurrency: number): number {
  return concurrency + Math.max(concurrency, leastAhead);
}

/**
 * Runs the pending rows of a stored batch. Slots bound the requests in flight to `concurrency`.
 * Rows are claimed ahead: the lease (rows marked in flight on disk, `leaseSize`) holds the rows
 * being sent and those waiting, so a slot that frees takes its next row at once and never waits
 * for the disk. Finished rows are committed in groups, together with the next claim, after the
 * next requests are already sent (see `createCommitSchedule`).
 *
 * A kill at any moment re-sends only rows of the lease: at most `leaseSize(concurrency)` rows,
 * because a row sent but not yet committed is either in a slot or finished since the last commit,
 * and every finished one took a row claimed ahead.
 */
export function runBatch(batchId: string, options: RunnerOptions): BatchRun {
  const { db, client, onEvent } = options;
  const now = options.now ?? Date.now;
  const clock = options.clock ?? (() => performance.now());
  const random = options.random ?? Math.random;
  const wait = options.sleep ?? sleep;
  const policy = { ...defaultRetryPolicy, ...options.retryPolicy };
  const budget = createRetryBudget(
    options.retryBudget?.capacity,
    options.retryBudget?.earnedPerSuccess,
  );
  const meter = createProgressMeter(options.progressIntervalMs ?? 250, clock);
  /** Why nothing moves, told with every progress (see `runWaits`). */
  const waits = runWaits(clock);
  const batches = batchesRepo(db);
  const rows = rowsRepo(db);
  const iso = () => new Date(now()).toISOString();

  const batch = batches.get(batchId);
  if (!batch) throw new Error(`There is no batch ${batchId}.`);
  const pace = { ...batch.settings, ...options.pace };
  const limiter = createRateLimiter(pace.ratePerSecond, clock);
  const concurrency = pace.concurrency;

  // Rows a crash left in flight have no result: they are pending again before anything is sent.
  const start = () =>
    db
      .transaction(() => {
        rows.resetInFlight(batchId, iso());
        batches.setState(batchId, 'running', iso());
      })
      .immediate();
  // Like every write of a run, it waits for a lock another process holds (busy.ts), and the run
  // begins once it is written; any other failure is the caller's at once, as nothing started.
  let starting: Promise<void> | null = null;
  try {
    briefly(db, start);
  } catch (caught) {
    if (!isBusy(caught)) throw caught;
    starting = waitWhileBusy(db, start, historyWait);
  }
  let begun = false;
  const counts: RowCounts = rows.counts(batchId);
  // A batch still being stored (migration 0015): its new rows are counted as they come, and
  // running out of rows means waiting for more, not the end.
  let storing = batch.storing;
  let storedUpTo = counts.total;
  let waitingForRows: NodeJS.Timeout | undefined;

  const abortRequests = new AbortController();
  const stopWaiting = new AbortController();
  // Every request in flight and every row waiting listens to these two: one listener per slot.
  setMaxListeners(concurrency * 2 + 10, abortRequests.signal, stopWaiting.signal);
  const finished: RowResult[] = [];
  const released: number[] = [];
  // Rows claimed on disk and not sent yet, in input order.
  const ahead: ClaimedRow[] = [];
  const lease = leaseSize(concurrency);
  // Below this many rows waiting, the next commit (and claim) is asked for at once.
  const lowWater = (lease - concurrency) / 2;
  let inFlight = 0;
  let over = false;
  const commits = createCommitSchedule(flush, options.groupCommitMs ?? 20);
  const writer = options.writer ?? inlineRowWriter(db, options.holds);
  const unwatch = writer.watchWaits(historyWait);
  let writing = false;
  let stop: Stop | null = null;
  const started = clock();
  let resolveEnded: (end: RunEnd) => void = () => undefined;
  const ended = new Promise<RunEnd>((resolve) => (resolveEnded = resolve));

  function requestStop(next: Stop): void {
    clearTimeout(waitingForRows);
    if (stop?.kind === 'cancel') return;
    if (stop && next.kind === 'pause') return;
    stop = next;
    stopWaiting.abort();
    if (next.kind === 'cancel') abortRequests.abort();
    commits.request(true);
  }

  /** A progress event now, with the waits: one started or ended. */
  function sayWaits(): void {
    const progress = meter.next(batchId, toBatchCounts(counts), true);
    if (progress) onEvent(waits.told(progress));
  }

  /** The service asked to wait (Retry-After). */
  function askedToWait(status: number, delayMs: number): void {
    if (waits.service(status, delayMs)) sayWaits();
  }

  /**
   * The run's writes wait for another process holding the history (or go on): here, or on the
   * writer's thread. Said until the run's end is written, which may wait too.
   */
  function historyWait(waiting: boolean): void {
    if (waits.history(waiting)) sayWaits();
  }

  /** One row through its attempts; resolves with its result, or null when it goes back to pending. */
  async function attemptRow(row: ClaimedRow): Promise<RowResult | null> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await limiter.take(stopWaiting.signal);
      } catch {
        return null;
      }
      const answer = await client.insights(row.request, abortRequests.signal);
      if (answer.ok) {
        budget.earn();
        return resultOf(row.seq, answer.value, attempt);
      }
      if (answer.error.code === 'cancelled') return null;
      const decision = decideRetry(answer.error, attempt, policy, random);
      if (decision.kind === 'done')
        return failureOf(row.seq, answer.error, decision.status, attempt);
      if (decision.kind === 'pause') {
        requestStop({ kind: 'pause', reason: decision.reason, message: decision.message });
        return null;
      }
      if (!budget.trySpend()) {
        // The service is not to blame when this process could not open the connections.
        if (outOfFiles()) {
          const message = `The requests are failing because ${outOfFilesText}`;
          requestStop({ kind: 'pause', reason: 'out_of_files', message });
          return null;
        }
        const message = `The service is failing too many requests (last: ${answer.error.message}).`;
        requestStop({ kind: 'pause', reason: 'service_degraded', message });
        return null;
      }
      if (answer.error.retryAfterMs) askedToWait(answer.error.status ?? 0, decision.delayMs);
      try {
        await wait(decision.delayMs, stopWaiting.signal);
      } catch {
        return null;
      }
    }
  }

  function launch(row: ClaimedRow): void {
    inFlight += 1;
    void attemptRow(row).then((result) => {
      inFlight -= 1;
      if (result) finished.push(result);
      else released.push(row.seq);
      const next = stop ? undefined : ahead.shift();
      if (next) launch(next);
      commits.request(stop !== null || inFlight === 0 || ahead.length <= lowWater);
    });
  }

  /**
   * Commits finished rows, returns released ones, claims new ones: one transaction, written by
   * `writer`. One write at a time: rows that finish meanwhile go in the next one, asked for when
   * this one is stored. The rows marked in flight on disk stay within the lease meanwhile: a row
   * only leaves `inFlight` or `ahead` to be written, and the claim counts them both.
   */
  function flush(): void {
    // After a failed commit the aborted requests still come back; nothing more is stored. Before
    // the start is written, nothing is: a stop asked meanwhile is written after it.
    if (over || writing || !begun) return;
    if (storing) takeNewRows();
    const done = finished.splice(0);
    const back = released.splice(0);
    if (stop) back.push(...ahead.splice(0).map((row) => row.seq));
    const claim = stop ? 0 : lease - inFlight - ahead.length;
    writing = true;
    void writer.write({ batchId, done, back, claim, at: iso() }).then((outcome) => {
      writing = false;
      stored(outcome, done, back);
    });
  }

  function stored(outcome: RowWriteOutcome, done: RowResult[], back: number[]): void {
    if (over) return;
    if (outcome.kind !== 'stored') {
      abortRequests.abort();
      // Said by SQLite's code, which crosses the writer thread with the failure. A full disk is
      // a pause the analyst can end by freeing space, not a failure read as a crash.
      if (outcome.kind === 'lost') end({ kind: 'lost' });
      else if (outcome.code === 'SQLITE_FULL')
        end({ kind: 'pause', reason: 'disk_full', message: diskFullMessage });
      else
        end({
          kind: 'failed',
          message: `The results could not be stored: ${historyFailureText(failureError(outcome)) ?? outcome.message}`,
        });
      return;
    }
    const claimed = outcome.claimed;
    for (const result of done)
      counts[result.status === 'no_content' ? 'noContent' : result.status] += 1;
    counts.inFlight += claimed.length - done.length - back.length;
    counts.pending += back.length - claimed.length;
    ahead.push(...claimed);
    while (!stop && inFlight < concurrency) {
      const next = ahead.shift();
      if (!next) break;
      launch(next);
    }
    const progress = meter.next(batchId, toBatchCounts(counts));
    if (progress) onEvent(waits.told(progress));
    if (inFlight === 0 && ahead.length === 0 && finished.length === 0 && released.length === 0) {
      if (storing && !stop) waitForRows();
      else finish();
    } else if (finished.length > 0 || released.length > 0 || (stop && ahead.length > 0))
      // Rows that finished during this write, or rows claimed while the run was stopping.
      commits.request(stop !== null || inFlight === 0 || ahead.length <= lowWater);
  }

  /** Counts the rows stored since the last look; notes when the last of them is stored. */
  function takeNewRows(): void {
    // Read first: rows stored after this read are counted at the next look.
    const still = batches.isStoring(batchId);
    const fresh = rows.countsAfter(batchId, storedUpTo);
    counts.total += fresh.total;
    counts.pending += fresh.pending;
    counts.invalid += fresh.invalid;
    storedUpTo = fresh.last;
    storing = still;
  }

  /** Out of rows while the batch is still being stored: looks again shortly. */
  function waitForRows(): void {
    clearTimeout(waitingForRows);
    waitingForRows = setTimeout(() => commits.request(true), 25);
  }

  function finish(): void {
    if (stop?.kind === 'pause') end({ kind: 'pause', reason: stop.reason, message: stop.message });
    else if (stop?.kind === 'cancel') end({ kind: 'cancel' });
    else end({ kind: 'done' });
  }

  /** The batch's state for a run that ended `how`, written only while the lease is this run's. */
  async function storeEnd(how: How, at: string): Promise<boolean> {
    if (how.kind === 'failed' || how.kind === 'lost') return how.kind === 'failed';
    return waitWhileBusy(
      db,
      () =>
        db
          .transaction(() => {
            if (options.holds && !options.holds()) return false;
            if (how.kind === 'done') batches.setState(batchId, 'finished', at);
            else if (how.kind === 'cancel') batches.setState(batchId, 'cancelled', at);
            else
              batches.setState(batchId, 'paused', at, {
                reason: how.reason,
                message: how.message,
              });
            return true;
          })
          .immediate(),
      historyWait,
    );
  }

  function end(how: How): void {
    over = true;
    commits.clear();
    unwatch();
    // A writer passed in is its owner's to close (it may still be storing the batch's rows).
    if (!options.writer) writer.close();
    clearTimeout(waitingForRows);
    void settle(how, toBatchCounts(counts));
  }

  /** Writes the run's end (waiting for a lock another process holds), then says it. */
  async function settle(how: How, batchCounts: BatchCounts): Promise<void> {
    let result: RunEnd;
    try {
      result =
        how.kind !== 'lost' && (await storeEnd(how, iso()))
          ? endOf(how, batchCounts)
          : lostEnd(batchCounts, batches.get(batchId) === null);
    } catch (caught) {
      // A pause for a full disk whose own write the full disk refused: still a pause, said by
      // this process; the history keeps the rows stored before, and the batch `running`.
      result =
        how.kind === 'pause' && how.reason === 'disk_full'
          ? {
              state: 'paused',
              counts: batchCounts,
              reason: how.reason,
              message: how.message,
              unwritten: true,
            }
          : {
              state: 'failed',
              counts: batchCounts,
              message: `The batch state could not be stored: ${messageOf(caught)}`,
            };
    }
    if (result.state === 'finished') {
      const last = meter.next(batchId, batchCounts, true);
      if (last) onEvent(last);
      onEvent({
        type: 'finished',
        batchId,
        counts: batchCounts,
        elapsedMs: Math.round(clock() - started),
      });
    } else if (result.state === 'cancelled')
      onEvent({ type: 'cancelled', batchId, counts: batchCounts });
    else if (result.state === 'paused')
      onEvent({
        type: 'paused',
        batchId,
        counts: batchCounts,
        reason: result.reason,
        message: result.message,
      });
    else onEvent({ type: 'failed', batchId, counts: batchCounts, message: result.message });
    resolveEnded(result);
  }

  /** The start is written: the run says so and takes its first rows. */
  function begin(): void {
    // Counted again after a start that waited: it put the rows left in flight back to pending,
    // and more rows may have been stored meanwhile.
    if (starting) Object.assign(counts, rows.counts(batchId));
    storedUpTo = counts.total;
    begun = true;
    onEvent({ type: 'started', batchId, counts: toBatchCounts(counts) });
    commits.request(true);
  }

  if (starting)
    void starting.then(begin, (caught: unknown) =>
      end({
        kind: 'failed',
        message: `The batch could not start: ${historyFailureText(caught) ?? messageOf(caught)}`,
      }),
    );
  else begin();

  return {
    batchId,
    ended,
    pause: (message = 'Paused by the analyst.', reason = 'user') =>
      requestStop({ kind: 'pause', reason, message }),
    cancel: () => requestStop({ kind: 'cancel' }),
    interrupt: (message = 'The app closed while this batch was running.') => {
      requestStop({ kind: 'pause', reason: 'interrupted', message });
      abortRequests.abort();
    },
  };
}
