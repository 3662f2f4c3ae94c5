import { setMaxListeners } from 'node:events';
import type { ServiceClient } from '../service/client';
import type { Db } from '../store/db';
import { batchesRepo, type PauseReason } from '../store/batches.repo';
import { rowsRepo, type ClaimedRow, type RowCounts, type RowResult } from '../store/rows.repo';
import { createProgressMeter, toBatchCounts, type BatchEvent } from './progress';
import { createRateLimiter, sleep } from './rate';
import { failureOf, resultOf } from './row-result';
import { createRetryBudget, decideRetry, defaultRetryPolicy, type RetryPolicy } from './retry';
import { messageOf } from '../../../shared/message-of';

export interface RunnerOptions {
  db: Db;
  client: Pick<ServiceClient, 'insights'>;
  onEvent: (event: BatchEvent) => void;
  retryPolicy?: Partial<RetryPolicy>;
  retryBudget?: { capacity: number; earnedPerSuccess: number };
  progressIntervalMs?: number;
  now?: () => number;
  random?: () => number;
  /** Waits between attempts; tests pass one that records the delays asked for. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export type RunEnd =
  | { state: 'finished'; counts: ReturnType<typeof toBatchCounts> }
  | {
      state: 'paused';
      counts: ReturnType<typeof toBatchCounts>;
      reason: PauseReason;
      message: string;
    }
  | { state: 'cancelled'; counts: ReturnType<typeof toBatchCounts> }
  | { state: 'failed'; counts: ReturnType<typeof toBatchCounts>; message: string };

export interface BatchRun {
  readonly batchId: string;
  /** Settles when the run stops: finished, paused, cancelled, or failed to store. */
  readonly ended: Promise<RunEnd>;
  /** Stops taking new rows; requests in flight finish and are stored. */
  pause(): void;
  /** Aborts requests in flight; their rows go back to pending. */
  cancel(): void;
  /** Like cancel, but the batch ends paused as `interrupted`, to be offered for resume (app quit). */
  interrupt(): void;
}

type Stop = { kind: 'pause'; reason: PauseReason; message: string } | { kind: 'cancel' };

/**
 * Runs the pending rows of a stored batch. Slots bound the requests in flight; finished rows are
 * committed together with the claim of the next rows, in one transaction per turn of the event
 * loop, so a row's slot is free again only once its result is on disk. A kill at any moment can
 * therefore re-send at most `concurrency` rows.
 */
export function runBatch(batchId: string, options: RunnerOptions): BatchRun {
  const { db, client, onEvent } = options;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const wait = options.sleep ?? sleep;
  const policy = { ...defaultRetryPolicy, ...options.retryPolicy };
  const budget = createRetryBudget(
    options.retryBudget?.capacity,
    options.retryBudget?.earnedPerSuccess,
  );
  const meter = createProgressMeter(options.progressIntervalMs ?? 250, now);
  const batches = batchesRepo(db);
  const rows = rowsRepo(db);
  const iso = () => new Date(now()).toISOString();

  const batch = batches.get(batchId);
  if (!batch) throw new Error(`There is no batch ${batchId}.`);
  const limiter = createRateLimiter(batch.settings.ratePerSecond, now);
  const concurrency = batch.settings.concurrency;

  // Rows a crash left in flight have no result: they are pending again before anything is sent.
  db.transaction(() => {
    rows.resetInFlight(batchId, iso());
    batches.setState(batchId, 'running', iso());
  }).immediate();
  const counts: RowCounts = rows.counts(batchId);

  const abortRequests = new AbortController();
  const stopWaiting = new AbortController();
  // Every request in flight and every row waiting listens to these two: one listener per slot.
  setMaxListeners(concurrency * 2 + 10, abortRequests.signal, stopWaiting.signal);
  const finished: RowResult[] = [];
  const released: number[] = [];
  let inFlight = 0;
  let flushScheduled = false;
  let stop: Stop | null = null;
  const started = now();
  let resolveEnded: (end: RunEnd) => void = () => undefined;
  const ended = new Promise<RunEnd>((resolve) => (resolveEnded = resolve));

  function requestStop(next: Stop): void {
    if (stop?.kind === 'cancel') return;
    if (stop && next.kind === 'pause') return;
    stop = next;
    stopWaiting.abort();
    if (next.kind === 'cancel') abortRequests.abort();
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
        const message = `The service is failing too many requests (last: ${answer.error.message}).`;
        requestStop({ kind: 'pause', reason: 'service_degraded', message });
        return null;
      }
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
      scheduleFlush();
    });
  }

  function scheduleFlush(): void {
    if (flushScheduled) return;
    flushScheduled = true;
    setImmediate(flush);
  }

  /** Commits finished rows, returns released ones, claims new ones: one transaction. */
  function flush(): void {
    flushScheduled = false;
    const done = finished.splice(0);
    const back = released.splice(0);
    let claimed: ClaimedRow[] = [];
    try {
      db.transaction(() => {
        const at = iso();
        rows.complete(batchId, done, at);
        rows.release(batchId, back, at);
        claimed = stop ? [] : rows.claim(batchId, concurrency - inFlight, at);
      }).immediate();
    } catch (caught) {
      abortRequests.abort();
      end({
        kind: 'failed',
        message: `The results could not be stored: ${messageOf(caught)}`,
      });
      return;
    }
    for (const result of done)
      counts[result.status === 'no_content' ? 'noContent' : result.status] += 1;
    counts.inFlight += claimed.length - done.length - back.length;
    counts.pending += back.length - claimed.length;
    claimed.forEach(launch);
    const progress = meter.next(batchId, toBatchCounts(counts));
    if (progress) onEvent(progress);
    if (inFlight === 0 && finished.length === 0 && released.length === 0) finish();
  }

  function finish(): void {
    if (stop?.kind === 'pause') end({ kind: 'pause', reason: stop.reason, message: stop.message });
    else if (stop?.kind === 'cancel') end({ kind: 'cancel' });
    else end({ kind: 'done' });
  }

  function end(
    how:
      | { kind: 'done' }
      | { kind: 'cancel' }
      | { kind: 'pause'; reason: PauseReason; message: string }
      | { kind: 'failed'; message: string },
  ): void {
    const batchCounts = toBatchCounts(counts);
    const at = iso();
    let result: RunEnd;
    try {
      if (how.kind === 'done') {
        batches.setState(batchId, 'finished', at);
        result = { state: 'finished', counts: batchCounts };
        const last = meter.next(batchId, batchCounts, true);
        if (last) onEvent(last);
        onEvent({ type: 'finished', batchId, counts: batchCounts, elapsedMs: now() - started });
      } else if (how.kind === 'cancel') {
        batches.setState(batchId, 'cancelled', at);
        result = { state: 'cancelled', counts: batchCounts };
        onEvent({ type: 'cancelled', batchId, counts: batchCounts });
      } else if (how.kind === 'pause') {
        batches.setState(batchId, 'paused', at, { reason: how.reason, message: how.message });
        result = { state: 'paused', counts: batchCounts, reason: how.reason, message: how.message };
        onEvent({
          type: 'paused',
          batchId,
          counts: batchCounts,
          reason: how.reason,
          message: how.message,
        });
      } else {
        result = { state: 'failed', counts: batchCounts, message: how.message };
        onEvent({ type: 'failed', batchId, counts: batchCounts, message: how.message });
      }
    } catch (caught) {
      const message = `The batch state could not be stored: ${messageOf(caught)}`;
      result = { state: 'failed', counts: batchCounts, message };
      onEvent({ type: 'failed', batchId, counts: batchCounts, message });
    }
    resolveEnded(result);
  }

  onEvent({ type: 'started', batchId, counts: toBatchCounts(counts) });
  scheduleFlush();

  return {
    batchId,
    ended,
    pause: () => requestStop({ kind: 'pause', reason: 'user', message: 'Paused by the analyst.' }),
    cancel: () => requestStop({ kind: 'cancel' }),
    interrupt: () => {
      requestStop({
        kind: 'pause',
        reason: 'interrupted',
        message: 'The app closed while this batch was running.',
      });
      abortRequests.abort();
    },
  };
}
