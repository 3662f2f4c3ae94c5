import type { BatchEvent, PauseReason } from '../../../shared/batch';
import type { CustomUrl, EnvironmentName } from '../../../shared/environment';
import { fail, ok, type Result } from '../../../shared/result';
import type { RawTransaction } from '../../../shared/domain/types';
import { createBatch, type NewBatchInput, type SourceRow } from '../bulk/batch';
import { createBatchInSlices, storeRows, type SlicedBatch } from '../bulk/batch-slices';
import { lookupAndRecord } from '../bulk/single';
import { runBatch, type BatchRun, type RunnerOptions } from '../bulk/runner';
import type { RowWriter } from '../bulk/row-writes';
import { threadRowWriter, type WriterThread } from '../bulk/thread-row-writer';
import type { InsightAnswer, ServiceClient } from '../service/client';
import { batchesRepo, refuseDeleting, type BatchRecord } from '../store/batches.repo';
import type { Db } from '../store/db';
import { rowsRepo } from '../store/rows.repo';
import { claimLease, heldElsewhere, holderText, startHeartbeat } from './lease-claim';
import {
  defaultLeaseTiming,
  leaseRepo,
  newLeaseOwner,
  type LeaseOwner,
  type LeaseTiming,
} from './batch-lease';
import { batchViews, interruptedMessage } from './batch-views';
import { batchFeeds, type RowSlice } from './batch-feed';
import {
  storedUnstarted,
  storedWhileRunning,
  storingMessage,
  type CreatedBatch,
} from './batch-storing';
import type { StoredRows } from '../../../shared/contract/results';
import { historyFailureText, historyWriteFailure } from '../local-failure';
import { waitWhileBusy } from '../store/busy';
import { giveRoomBack, isDiskFull } from '../store/disk-full';

export type { BatchView } from './batch-views';
export type { CreatedBatch } from './batch-storing';

export interface BatchServiceOptions {
  db: Db;
  /**
   * The client for a batch's environment and stored address: the app's per-environment
   * connections, or the CLI's one connection (pinned to a resumed batch).
   */
  clientFor: (target: {
    environment: EnvironmentName;
    baseUrl: string;
  }) => Promise<Pick<ServiceClient, 'insights' | 'tokens'>>;
  onEvent: (event: BatchEvent) => void;
  owner?: LeaseOwner;
  /** Runs write their rows on a thread of their own (see `WriterThread`); absent: on `db`. */
  writerThread?: WriterThread;
  leaseTiming?: LeaseTiming;
  now?: () => number;
}

/**
 * The one place the lifecycle of a batch lives, for the app, the web host and `dcdesk`: a token
 * is obtained before anything is stored; one runner per batch across processes (a lease with an
 * owner and a heartbeat, taken over only when the owner is gone); failed rows are reset only by
 * the runner that holds the lease; a batch left `running` by a dead owner reads as interrupted.
 */
export function createBatchService(options: BatchServiceOptions) {
  const { db, onEvent } = options;
  const now = options.now ?? Date.now;
  const owner = options.owner ?? newLeaseOwner();
  const timing = options.leaseTiming ?? defaultLeaseTiming;
  const batches = batchesRepo(db);
  const rows = rowsRepo(db);
  const leases = leaseRepo(db);
  const runs = new Map<string, BatchRun>();
  // Leases of ended runs still being let go (waiting for a lock another process holds).
  const releasing = new Set<Promise<void>>();
  const feeds = batchFeeds(db);

  // Pauses this process could not write (a full disk), told until the batch is written again.
  const unwritten = new Map<string, { reason: PauseReason; message: string }>();
  const views = batchViews(db, {
    owner,
    leaseTiming: timing,
    now,
    live: (id) => runs.has(id),
    unwritten: (id) => unwritten.get(id),
  });

  /** A store that failed, said; on a full disk, the room it took in the log is given back. */
  function storeFailed(what: string, caught: unknown): Result<never> {
    if (isDiskFull(caught)) giveRoomBack(db);
    return historyWriteFailure(what, caught);
  }

  /** The batch to run, cancel or store rows into: refused while its deletion is under way. */
  function found(batchId: string): Result<BatchRecord> {
    const view = views.get(batchId);
    if (!view.ok) return view;
    return refuseDeleting(view.value.record) ?? ok(view.value.record);
  }

  /** A run's writer on a thread of its own, when the host gave one (see `WriterThread`). */
  function threadWriter(): RowWriter | undefined {
    return options.writerThread
      ? threadRowWriter(options.writerThread, db.name, owner.id)
      : undefined;
  }

  /**
   * Takes the lease (optionally resetting failed rows under it), then runs the batch. A writer
   * passed in is the caller's to close; one made here is closed when the run ends. `unstarted`
   * begins the sentence said when the history could not take the start (a full disk).
   */
  function run(
    batch: BatchRecord,
    client: Pick<ServiceClient, 'insights'>,
    before?: () => void,
    shared?: RowWriter,
    pace?: RunnerOptions['pace'],
    unstarted = `Batch ${batch.id} could not start`,
  ): Result<BatchRun> {
    const writer = shared ?? threadWriter();
    const started = runWith(batch, client, before, writer, pace, unstarted);
    if (!shared) {
      if (started.ok) void started.value.ended.then(() => writer?.close());
      else writer?.close();
    }
    return started;
  }

  function runWith(
    batch: BatchRecord,
    client: Pick<ServiceClient, 'insights'>,
    before: (() => void) | undefined,
    writer: RowWriter | undefined,
    pace: RunnerOptions['pace'] | undefined,
    unstarted: string,
  ): Result<BatchRun> {
    // Under the lease: a resume at another pace stores it, so the app, dcdesk and the next resume
    // read the concurrency and rate in use, not those the batch was started with.
    const paced = { ...batch.settings, ...pace };
    const repaced =
      paced.concurrency !== batch.settings.concurrency ||
      paced.ratePerSecond !== batch.settings.ratePerSecond;
    try {
      const claim = claimLease(db, leases, batch.id, owner, now(), timing, () => {
        before?.();
        if (repaced) batches.setPace(batch.id, paced);
      });
      if (!claim.ok) return claim;
    } catch (caught) {
      // One transaction: nothing of it was written (no lease taken, no row reset).
      return historyWriteFailure(unstarted, caught);
    }
    let started: BatchRun;
    try {
      started = runBatch(batch.id, {
        db,
        client,
        onEvent,
        // Every write of the run checks the lease is still ours (see RunnerOptions.holds).
        holds: () => leases.get(batch.id)?.owner === owner.id,
        writer,
        pace,
      });
    } catch (caught) {
      leases.release(batch.id, owner);
      return historyWriteFailure(unstarted, caught);
    }
    runs.set(batch.id, started);
    unwritten.delete(batch.id);
    const heartbeat = startHeartbeat(leases, batch.id, owner, now, timing, () => started.pause());
    const released = started.ended
      .then((end) => {
        heartbeat.stop();
        if (end.state === 'paused' && end.unwritten)
          unwritten.set(batch.id, { reason: end.reason, message: end.message });
        runs.delete(batch.id);
        // A run's last write waits for the lock (busy.ts), and so does letting its lease go.
        return waitWhileBusy(db, () => leases.release(batch.id, owner));
      })
      // Any other failure (a full disk) leaves the lease to go stale, as this process's end does:
      // nothing of the batch is lost, and nobody would hear the rejection.
      .catch(() => undefined)
      .finally(() => releasing.delete(released));
    releasing.add(released);
    return ok(started);
  }

  /**
   * Runs a batch while the rest of its rows are stored, both through one writer, closed when both
   * are done.
   */
  function runStoring(
    batch: BatchRecord,
    client: Pick<ServiceClient, 'insights'>,
    store: (writer: RowWriter | undefined) => Promise<number>,
    pace?: RunnerOptions['pace'],
    unstarted?: string,
  ): Result<CreatedBatch> {
    const writer = threadWriter();
    const started = run(batch, client, undefined, writer, pace, unstarted);
    if (!started.ok) {
      writer?.close();
      return started;
    }
    const stored = storedWhileRunning(
      () => store(writer),
      started.value,
      () => giveRoomBack(db),
    );
    void Promise.all([started.value.ended, stored]).then(() => writer?.close());
    return ok({ batch, run: started.value, stored });
  }

  return {
    owner,
    /** At the app's start: batches left `running` by a dead owner are paused as interrupted. */
    pauseOrphaned(): number {
      let paused = 0;
      for (const record of batches.list()) {
        if (record.state !== 'running') continue;
        let changed: boolean;
        try {
          changed = db
            .transaction(() => {
              const current = batches.get(record.id);
              if (!current || !views.isOrphaned(current)) return false;
              batches.setState(record.id, 'paused', new Date(now()).toISOString(), {
                reason: 'interrupted',
                message: interruptedMessage,
              });
              return true;
            })
            .immediate();
        } catch (caught) {
          // A full disk or a busy history: the batch still reads as interrupted (batch-views),
          // and the next start writes it so. The app opens regardless.
          if (historyFailureText(caught) !== null) continue;
          throw caught;
        }
        if (changed) paused += 1;
      }
      return paused;
    },
    list: (limit?: number) => views.list(limit),
    get: (batchId: string) => views.get(batchId),
    /** Pauses every run of this process: the history they write into is gone (see history-file-watch). */
    pauseAll(message: string): number {
      for (const run of runs.values()) run.pause(message, 'history_gone');
      return runs.size;
    },
    /** The run of a batch in this process, if any. */
    running(batchId: string): BatchRun | undefined {
      return runs.get(batchId);
    },
    /**
     * Obtains a token first (no credentials or refused ones: nothing is stored), then stores the
     * batch with every row and starts it.
     */
    async create(input: NewBatchInput): Promise<Result<CreatedBatch>> {
      const client = await options.clientFor(input);
      const token = await client.tokens.get();
      if (!token.ok) return token;
      let batch: BatchRecord;
      let storeRest: SlicedBatch['storeRest'] | null = null;
      try {
        if (input.total !== undefined && input.skipLookedUpWithinDays === undefined) {
          const sliced = createBatchInSlices(db, { ...input, total: input.total }, new Date(now()));
          batch = sliced.batch;
          storeRest = sliced.storeRest;
        } else batch = createBatch(db, input, new Date(now()));
      } catch (caught) {
        return caught instanceof RangeError
          ? fail('validation', caught.message)
          : storeFailed('The batch could not be stored', caught);
      }
      if (!storeRest) {
        const started = run(batch, client, undefined, undefined, undefined, storedUnstarted(batch));
        return started.ok
          ? ok({ batch, run: started.value, stored: Promise.resolve(ok(batch.total)) })
          : started;
      }
      const rest = storeRest;
      return runStoring(batch, client, (writer) => rest(writer), undefined, storedUnstarted(batch));
    },
    /**
     * A batch whose rows a window sends in slices (`addRows`): stored with its first rows, after
     * a token is obtained, and started at once; with recent answers to reuse, once its last row
     * is stored (reuse reads the whole batch).
     */
    async begin(
      input: NewBatchInput & { rows: readonly SourceRow[]; total: number },
    ): Promise<Result<BatchRecord>> {
      const client = await options.clientFor(input);
      const token = await client.tokens.get();
      if (!token.ok) return token;
      let batch: BatchRecord;
      try {
        batch = feeds.begin(input, new Date(now()));
      } catch (caught) {
        return caught instanceof RangeError
          ? fail('validation', caught.message)
          : storeFailed('The batch could not be stored', caught);
      }
      if (feeds.waitsForAllRows(batch.id)) return ok(batch);
      const started = run(batch, client, undefined, undefined, undefined, storedUnstarted(batch));
      return started.ok ? ok(batch) : started;
    },
    /** The next slice of a batch begun with `begin`; the last one may start its run. */
    async addRows(batchId: string, slice: RowSlice): Promise<Result<StoredRows>> {
      const waited = feeds.waitsForAllRows(batchId);
      let added: Result<StoredRows>;
      try {
        added = feeds.add(batchId, slice, new Date(now()));
      } catch (caught) {
        const first = String(slice.after + 1);
        const last = String(slice.after + slice.rows.length);
        return storeFailed(
          `Rows ${first} to ${last} of batch ${batchId} could not be stored`,
          caught,
        );
      }
      if (!added.ok || !slice.last || !waited) return added;
      const batch = found(batchId);
      if (!batch.ok) return batch;
      const client = await options.clientFor(batch.value);
      const unstarted = storedUnstarted(batch.value);
      const started = run(batch.value, client, undefined, undefined, undefined, unstarted);
      return started.ok ? added : started;
    },
    /** Whether a window is sending the batch's rows now (it sent some in the last seconds). */
    sendingRows: (batchId: string) => feeds.sending(batchId),
    /** Ends the storing of a batch whose window stopped sending its rows: it keeps those it has. */
    keepStoredRows: (batchId: string): Result<StoredRows> => feeds.keep(batchId, new Date(now())),
    /**
     * Continues a batch whose rows were still being stored when its process stopped: `rows`
     * gives its rows again (its file, checked to be the same), the stored ones are skipped and
     * the others stored while it runs.
     */
    async resumeStoring(
      batchId: string,
      source: Iterable<SourceRow>,
      pace?: RunnerOptions['pace'],
    ): Promise<Result<CreatedBatch>> {
      const batch = found(batchId);
      if (!batch.ok) return batch;
      if (!batch.value.storing) return fail('validation', `Batch ${batchId} has all its rows.`);
      if (runs.has(batchId)) return fail('busy', `Batch ${batchId} is running in this window.`);
      const already = rows.countsAfter(batchId, 0).last;
      const rest = source[Symbol.iterator]();
      for (let skipped = 0; skipped < already; skipped += 1)
        if (rest.next().done)
          return fail(
            'validation',
            `The file has fewer rows than batch ${batchId} already stored.`,
          );
      const client = await options.clientFor(batch.value);
      return runStoring(
        batch.value,
        client,
        (writer) => storeRows(db, batchId, rest, already, writer),
        pace,
      );
    },
    /**
     * One lookup kept as a batch of one row, with the same rule as a batch: the token first, so
     * missing or refused credentials store nothing.
     */
    async lookup(input: {
      raw: RawTransaction;
      environment: EnvironmentName;
      baseUrl: string;
      /** A custom address answering instead of the environment's own (see `Destination`). */
      customUrl?: CustomUrl | null;
      sourceName: string;
    }): Promise<Result<InsightAnswer>> {
      const client = await options.clientFor(input);
      const token = await client.tokens.get();
      if (!token.ok) return token;
      return lookupAndRecord(db, client, input);
    },
    /**
     * Continues a stored batch (a running one in this process is returned as it is). With
     * `retryFailed`, failed rows become pending again, under the lease, so no other runner sees it;
     * `pace` runs it at another concurrency or rate than it was stored with.
     */
    async resume(
      batchId: string,
      how: { retryFailed?: boolean; pace?: RunnerOptions['pace'] } = {},
    ): Promise<Result<{ batch: BatchRecord; run: BatchRun; retried: number }>> {
      const batch = found(batchId);
      if (!batch.ok) return batch;
      // A window still sending its rows (paused meanwhile, say): the run waits for them.
      const fed = feeds.feeding(batchId) && !feeds.waitsForAllRows(batchId);
      const busy = heldElsewhere(leases.get(batchId), batchId, owner, now(), timing);
      if (busy) return busy;
      if (batch.value.storing && !runs.has(batchId) && !fed)
        return fail('validation', storingMessage(batch.value));
      const current = runs.get(batchId);
      if (current) {
        if (how.retryFailed)
          return fail(
            'busy',
            'The batch is running; wait for it to stop before sending failed rows again.',
          );
        return ok({ batch: batch.value, run: current, retried: 0 });
      }
      const client = await options.clientFor(batch.value);
      let retried = 0;
      const started = run(
        batch.value,
        client,
        () => {
          if (how.retryFailed) retried = rows.resetFailed(batchId, new Date(now()).toISOString());
        },
        undefined,
        how.pace,
      );
      return started.ok ? ok({ batch: batch.value, run: started.value, retried }) : started;
    },
    /**
     * Cancels a batch no runner of this process holds (paused, interrupted, never started),
     * without sending a row: resuming it only to cancel it would ask the service about more rows.
     * The window then offers no Resume; `dcdesk bulk --resume` can still send the rest, as after a
     * run stopped with Ctrl-C. Under its lease, so a batch another living process runs is refused, not changed
     * behind its runner. Rows still being stored stop where they are, as "keep the rows stored"
     * leaves them. A batch already finished or cancelled is left as it is.
     */
    cancelStopped(batchId: string): Result<void> {
      const batch = found(batchId);
      if (!batch.ok) return batch;
      if (runs.has(batchId))
        return fail('busy', `Batch ${batchId} is running in this window: cancel its run.`);
      if (batch.value.state === 'finished' || batch.value.state === 'cancelled')
        return ok(undefined);
      if (batch.value.storing && feeds.sending(batchId))
        return fail(
          'busy',
          `Rows of batch ${batchId} are still being stored: wait for them, then cancel it.`,
        );
      const at = new Date(now()).toISOString();
      try {
        const claimed = claimLease(db, leases, batchId, owner, now(), timing, () => {
          if (batch.value.storing) batches.storedAll(batchId, rows.countsAfter(batchId, 0).last);
          batches.setState(batchId, 'cancelled', at);
        });
        if (!claimed.ok) return claimed;
      } catch (caught) {
        return historyWriteFailure(`Batch ${batchId} could not be cancelled`, caught);
      }
      // Cancelled already: a lease that cannot be let go now (a full disk) goes stale.
      try {
        leases.release(batchId, owner);
      } catch {
        // Judged gone once this process stops renewing it (leaseIsGone).
      }
      const view = views.get(batchId);
      if (view.ok) onEvent({ type: 'cancelled', batchId, counts: view.value.counts });
      return ok(undefined);
    },
    /** A batch's rows with their results in input order, a page at a time (output files). */
    storedRows: (batchId: string) => rows.iterate(batchId),
    /** Who holds a batch's lease, in words, for messages. */
    holder(batchId: string): string | null {
      const lease = leases.get(batchId);
      return lease ? holderText(lease) : null;
    },
    /** On quit: requests in flight are aborted, their rows return to pending, the batch is offered for resume. */
    async stopAll(): Promise<void> {
      const active = [...runs.values()];
      active.forEach((one) => one.interrupt());
      await Promise.all(active.map((one) => one.ended));
      // The history is closed after this: the leases are let go first.
      await Promise.all([...releasing]);
    },
  };
}

export type BatchService = ReturnType<typeof createBatchService>;
