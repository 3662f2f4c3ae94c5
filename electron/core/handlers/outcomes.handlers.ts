import { ok } from '../../../shared/result';
import type { CoreContext, HandlerGroup } from '../context';
import { reviewService } from '../review/review-service';
import { batchesRepo, noBatch, refuseDeleting, refuseUnusable } from '../store/batches.repo';
import { fromStore } from './from-store';
import { teamFileRows } from '../team/team-file-rows';

type Names =
  | 'outcomes.set'
  | 'outcomes.setFiltered'
  | 'outcomes.setSearched'
  | 'outcomes.importCheck'
  | 'outcomes.importApply'
  | 'outcomes.summary'
  | 'outcomes.fileRows'
  | 'outcomes.buildFile';

/** Case review: outcomes by row, by filter and from a spreadsheet; what a file would carry. */
export function outcomeHandlers(
  context: Pick<CoreContext, 'db' | 'settings' | 'team' | 'emit' | 'tasks' | 'builtFiles'>,
): HandlerGroup<Names> {
  const review = reviewService(context.db, () => context.team.analyst());
  const batches = batchesRepo(context.db);
  const environment = () => context.settings().activeEnvironment;
  /** Why the batch cannot be reviewed (missing, or being deleted), or null. */
  const unusable = (batchId: string) => refuseUnusable(batchId, batches.get(batchId));

  return {
    'outcomes.set': ({ targets, outcome }) =>
      fromStore(() => review.set(targets, outcome), 'changed'),
    'outcomes.setFiltered': ({ batchId, filter, outcome, expected }) =>
      fromStore(
        () =>
          unusable(batchId) ??
          // On the history task thread: a million rows are seconds of writing.
          context.tasks.run(
            {
              kind: 'bulkOutcome',
              batchId,
              filter,
              outcome,
              analyst: context.team.analyst(),
              ...(expected === undefined ? {} : { expected }),
            },
            (done, total) => context.emit('main:outcomes.progress', { batchId, done, total }),
          ),
        'changed',
      ),
    'outcomes.setSearched': ({ query, filter, outcome, expected }) =>
      fromStore(
        () =>
          // Every match, not the page the window shows, on the history task thread.
          context.tasks.run(
            {
              kind: 'searchOutcome',
              query,
              filter,
              outcome,
              analyst: context.team.analyst(),
              ...(expected === undefined ? {} : { expected }),
            },
            () => undefined,
          ),
        'changed',
      ),
    'outcomes.importCheck': ({ rows }) =>
      fromStore(() => ok(review.checkImport(rows, environment()))),
    'outcomes.importApply': ({ rows, replaceConflicts }) =>
      fromStore(() => ok(review.applyImport(rows, replaceConflicts, environment())), 'changed'),
    'outcomes.summary': ({ batchId }) =>
      fromStore(() => {
        if (batchId === undefined) return ok(review.summary(environment()));
        // A batch's reviews are of its own destination's answers (a custom address, another
        // environment than the active one): counted there, as its queue shows them.
        const batch = batches.get(batchId);
        if (batch === null) return noBatch(batchId);
        return refuseDeleting(batch) ?? ok(review.summary(batch.destination, batchId));
      }),
    'outcomes.fileRows': ({ batchId, scope }) =>
      fromStore(
        async () =>
          (batchId === undefined ? null : unusable(batchId)) ??
          ok(await teamFileRows(review, context.team, environment(), { batchId, scope })),
      ),
    'outcomes.buildFile': ({ batchId, ...request }) =>
      fromStore(
        async () =>
          (batchId === undefined ? null : unusable(batchId)) ??
          ok(
            await context.builtFiles.build(
              environment(),
              { ...request, ...(batchId === undefined ? {} : { batchId }) },
              (done, total) => context.emit('main:outcomes.fileProgress', { done, total }),
            ),
          ),
      ),
  };
}
