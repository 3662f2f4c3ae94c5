import type { BatchSummary } from '../../../shared/contract/results';
import { fail, ok, type Result } from '../../../shared/result';
import type { BatchService, BatchView } from '../batches/batch-service';
import type { CoreContext, HandlerGroup } from '../context';

type Names =
  | 'batches.create'
  | 'batches.storeRows'
  | 'batches.keepStoredRows'
  | 'batches.list'
  | 'batches.get'
  | 'batches.resume'
  | 'batches.pause'
  | 'batches.cancel'
  | 'batches.retryFailed';

/** Stored as a batch's base URL when the embedded sandbox (a new port each run) answered it. */
const embeddedSandbox = 'embedded';

function summary({ record, ...view }: BatchView, sending: boolean): BatchSummary {
  return {
    id: record.id,
    sourceName: record.sourceName,
    environment: record.destination,
    state: view.state,
    pauseReason: view.pauseReason,
    pauseMessage: view.pauseMessage,
    live: view.live,
    deleting: record.deleting,
    counts: view.counts,
    storing: record.storing ? { stored: view.counts.total, total: record.total, sending } : null,
    createdAt: record.createdAt,
    startedAt: record.startedAt,
    finishedAt: record.finishedAt,
  };
}

/**
 * Batches in the app: thin adapters over the batch service, which holds every lifecycle rule
 * (token first, one runner per batch, interrupted batches) for the app, the web host and dcdesk.
 */
export function batchHandlers(context: CoreContext, service: BatchService): HandlerGroup<Names> {
  const summarise = (view: BatchView) =>
    summary(view, view.record.storing && service.sendingRows(view.record.id));
  const current = (batchId: string): Result<BatchSummary> => {
    const view = service.get(batchId);
    return view.ok ? ok(summarise(view.value)) : view;
  };
  /**
   * The app reaches only its environments' own addresses, so a batch a custom address answered
   * (dcdesk --base-url) is resumed where it came from, never mixed with the environment's answers.
   */
  const answeredElsewhere = (batchId: string): Result<BatchSummary> | null => {
    const view = service.get(batchId);
    if (!view.ok) return view;
    // Run by another process: the service's `busy` says by whom, which matters more here.
    if (view.value.state === 'running' && !view.value.live) return null;
    const { customUrl } = view.value.record;
    return customUrl === null
      ? null
      : fail(
          'validation',
          `Batch ${batchId} was answered by ${customUrl}, not by an environment of the app. Resume it from the command line: dcdesk bulk --resume ${batchId}`,
        );
  };
  const after = <T extends { batch: { id: string } }>(started: Result<T>) =>
    started.ok ? current(started.value.batch.id) : started;

  return {
    'batches.create': async ({ sourceName, sourceSha256, rows, total, skipRecentDays }) => {
      const settings = context.settings();
      const environment = settings.activeEnvironment;
      const baseUrl =
        environment === 'sandbox'
          ? embeddedSandbox
          : environment === 'test'
            ? settings.testBaseUrl
            : settings.productionBaseUrl;
      const input = {
        sourceName,
        sourceSha256,
        environment,
        baseUrl,
        settings: {
          concurrency: settings.concurrency,
          ratePerSecond: settings.ratePerSecond,
          timeoutMs: settings.timeoutMs,
        },
        rows,
        skipLookedUpWithinDays: skipRecentDays,
      };
      if (total !== undefined && total > rows.length) {
        const begun = await service.begin({ ...input, total });
        return begun.ok ? current(begun.value.id) : begun;
      }
      return after(await service.create(input));
    },
    'batches.storeRows': ({ batchId, after: previous, rows, last }) =>
      service.addRows(batchId, { after: previous, rows, last }),
    'batches.keepStoredRows': ({ batchId }) => {
      const kept = service.keepStoredRows(batchId);
      return Promise.resolve(kept.ok ? current(batchId) : kept);
    },
    'batches.list': () => Promise.resolve(ok(service.list().map(summarise))),
    'batches.get': ({ batchId }) => Promise.resolve(current(batchId)),
    'batches.resume': async ({ batchId }) => {
      const refused = answeredElsewhere(batchId);
      return refused ?? after(await service.resume(batchId));
    },
    'batches.pause': ({ batchId }) => {
      const run = service.running(batchId);
      if (run) {
        run.pause();
        return Promise.resolve(current(batchId));
      }
      // Run by another program (dcdesk): this window cannot pause it, and answering ok with the
      // batch still running read as a Pause that did nothing.
      const view = service.get(batchId);
      if (view.ok && view.value.state === 'running' && !view.value.live)
        return Promise.resolve(
          fail(
            'busy',
            `Batch ${batchId} is being run by another program (${service.holder(batchId) ?? 'another process'}): pause it there (Ctrl+C where dcdesk runs), not from this window.`,
          ),
        );
      return Promise.resolve(current(batchId));
    },
    'batches.cancel': async ({ batchId }) => {
      const run = service.running(batchId);
      if (run) {
        run.cancel();
        await run.ended;
        return current(batchId);
      }
      // Paused, interrupted or never started: cancelled as it is, not resumed first.
      const cancelled = service.cancelStopped(batchId);
      return cancelled.ok ? current(batchId) : cancelled;
    },
    'batches.retryFailed': async ({ batchId }) => {
      const refused = answeredElsewhere(batchId);
      return refused ?? after(await service.resume(batchId, { retryFailed: true }));
    },
  };
}
