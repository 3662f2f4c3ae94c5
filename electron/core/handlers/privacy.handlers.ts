import type { CoreContext, HandlerGroup } from '../context';
import { privacyService } from '../privacy/privacy-service';
import { fromStore } from './from-store';
import { fail, ok } from '../../../shared/result';

type Names =
  | 'history.purgePreview'
  | 'history.purge'
  | 'history.forgetCpf'
  | 'history.batchDeletion'
  | 'history.deleteBatch';

/** The retention purge on demand, deleting one batch, and a data-subject request about one CPF. */
export function privacyHandlers(
  context: Pick<CoreContext, 'db' | 'dataDir' | 'settings' | 'builtFiles'>,
): HandlerGroup<Names> {
  const privacy = privacyService(context);
  return {
    'history.batchDeletion': ({ batchId }) => fromStore(() => privacy.batchPreview(batchId)),
    'history.deleteBatch': ({ batchId }) =>
      fromStore(() => {
        const deleted = privacy.deleteBatch(batchId);
        // A file built before may hold the batch's reviews: built again when asked for.
        if (deleted.ok) context.builtFiles.dropAll();
        return deleted;
      }, 'changed'),
    'history.purgePreview': () =>
      fromStore(() => {
        const days = context.settings().retentionDays;
        return ok({ ...privacy.purgePreview(days), days });
      }),
    'history.purge': ({ days: asked }) =>
      fromStore(() => {
        const days = context.settings().retentionDays;
        // Saved elsewhere since the analyst was asked: the question's numbers no longer hold.
        if (asked !== undefined && asked !== days)
          return fail(
            'validation',
            `The retention is now ${String(days)} days, not the ${String(asked)} days you were asked about (it was saved meanwhile). Nothing was deleted: ask again.`,
          );
        const report = privacy.purgeOlderThan(days);
        // Files built before may hold what was purged (a batch, or only old outcomes and uploads
        // of a recent one): they are built again when asked for.
        context.builtFiles.dropAll();
        return ok(report);
      }, 'changed'),
    'history.forgetCpf': ({ cpf }) => {
      const checked = privacy.checkCpf(cpf);
      if (!checked.ok) return Promise.resolve(checked);
      return fromStore(() => {
        const forgotten = privacy.forget(checked.value);
        if (forgotten.ok) context.builtFiles.dropAll();
        return forgotten;
      }, 'changed');
    },
  };
}
