import type { CoreContext, HandlerGroup } from '../context';
import { privacyService } from '../privacy/privacy-service';
import { fromStore } from './from-store';
import { ok } from '../../../shared/result';

type Names = 'history.purge' | 'history.forgetCpf';

/** The retention purge on demand, and a data-subject request about one CPF. */
export function privacyHandlers(
  context: Pick<CoreContext, 'db' | 'dataDir' | 'settings' | 'builtFiles'>,
): HandlerGroup<Names> {
  const privacy = privacyService(context);
  return {
    'history.purge': () =>
      fromStore(() => {
        const report = privacy.purgeOlderThan(context.settings().retentionDays);
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
