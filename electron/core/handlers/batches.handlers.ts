import type { BatchSummary } from '../../../shared/contract/results';
import { fail, ok, type Result } from '../../../shared/result';
import { createBatch } from '../bulk/batch';
import { toBatchCounts } from '../bulk/progress';
import { runBatch, type BatchRun } from '../bulk/runner';
import type { CoreContext, HandlerGroup } from '../context';
import { batchesRepo, type BatchRecord } from '../store/batches.repo';
import { rowsRepo } from '../store/rows.repo';

type Names =
  | 'batches.create'
  | 'batches.list'
  | 'batches.get'
  | 'batches.resume'
  | 'batches.pause'
  | 'batches.cancel'
  | 'batches.retryFailed';

/** Stored as a batch's base URL when the embedded sandbox (a new port each run) answered it. */
const embeddedSandbox = 'embedded';

/**
 * Batches in the app: created from the import screen, run in the background with progress pushed
 * as events, paused, resumed and cancelled. A batch some earlier run of the app left `running`
 * (it crashed or was killed) is paused as `interrupted` at start, so it is offered for resume.
 */
export function createBatchService(context: CoreContext) {
  const { db } = context;
  const batches = batchesRepo(db);
  const rows = rowsRepo(db);
  const runs = new Map<string, BatchRun>();

  const now = new Date().toISOString();
  for (const batch of batches.list()) {
    if (batch.state === 'running') {
      batches.setState(batch.id, 'paused', now, {
        reason: 'interrupted',
        message: 'The app closed while this batch was running.',
      });
    }
  }

  function summary(batch: BatchRecord): BatchSummary {
    return {
      id: batch.id,
      sourceName: batch.sourceName,
      environment: batch.destination,
      state: batch.state,
      pauseReason: batch.pauseReason,
      pauseMessage: batch.pauseMessage,
      live: runs.has(batch.id),
      counts: toBatchCounts(rows.counts(batch.id)),
      createdAt: batch.createdAt,
      startedAt: batch.startedAt,
      finishedAt: batch.finishedAt,
    };
  }

  function found(batchId: string): Result<BatchRecord> {
    const batch = batches.get(batchId);
    return batch ? ok(batch) : fail('validation', `There is no batch ${batchId}.`);
  }

  async function start(batch: BatchRecord): Promise<Result<BatchSummary>> {
    if (!runs.has(batch.id)) {
      const client = await context.connections.client(batch.environment);
      const run = runBatch(batch.id, {
        db,
        client,
        onEvent: (event) => context.emit('main:batch.progress', event),
      });
      runs.set(batch.id, run);
      void run.ended.then(() => runs.delete(batch.id));
    }
    const current = batches.get(batch.id);
    return current ? ok(summary(current)) : fail('db', `Batch ${batch.id} disappeared.`);
  }

  const handlers: HandlerGroup<Names> = {
    'batches.create': async ({ sourceName, sourceSha256, rows: sourceRows, skipRecentDays }) => {
      const settings = context.settings();
      const environment = settings.activeEnvironment;
      const baseUrl =
        environment === 'sandbox'
          ? embeddedSandbox
          : environment === 'test'
            ? settings.testBaseUrl
            : settings.productionBaseUrl;
      const batch = createBatch(db, {
        sourceName,
        sourceSha256,
        environment,
        baseUrl,
        settings: {
          concurrency: settings.concurrency,
          ratePerSecond: settings.ratePerSecond,
          timeoutMs: settings.timeoutMs,
        },
        rows: sourceRows,
        skipLookedUpWithinDays: skipRecentDays,
      });
      return start(batch);
    },
    'batches.list': () => Promise.resolve(ok(batches.list().map(summary))),
    'batches.get': ({ batchId }) => {
      const batch = found(batchId);
      return Promise.resolve(batch.ok ? ok(summary(batch.value)) : batch);
    },
    'batches.resume': async ({ batchId }) => {
      const batch = found(batchId);
      if (!batch.ok) return batch;
      // The app reaches only its environments' own addresses; answers from elsewhere never mix in.
      if (batch.value.customUrl !== null)
        return fail(
          'validation',
          `Batch ${batchId} was answered by ${batch.value.customUrl}, not by an environment of the app. Resume it from the command line: dcdesk bulk --resume ${batchId}`,
        );
      return start(batch.value);
    },
    'batches.pause': ({ batchId }) => {
      const batch = found(batchId);
      if (!batch.ok) return Promise.resolve(batch);
      runs.get(batchId)?.pause();
      return Promise.resolve(ok(summary(batch.value)));
    },
    'batches.cancel': async ({ batchId }) => {
      const batch = found(batchId);
      if (!batch.ok) return batch;
      const run = runs.get(batchId);
      if (run) {
        run.cancel();
        await run.ended;
      }
      return ok(summary(batches.get(batchId) ?? batch.value));
    },
    'batches.retryFailed': async ({ batchId }) => {
      const batch = found(batchId);
      if (!batch.ok) return batch;
      if (runs.has(batchId))
        return fail(
          'validation',
          'The batch is running; wait for it to stop before sending failed rows again.',
        );
      rows.resetFailed(batchId, new Date().toISOString());
      return start(batch.value);
    },
  };

  return {
    handlers,
    /** On quit: requests in flight are aborted, their rows return to pending, the batch is offered for resume. */
    async stopAll(): Promise<void> {
      const running = [...runs.values()];
      running.forEach((run) => run.interrupt());
      await Promise.all(running.map((run) => run.ended));
    },
  };
}
