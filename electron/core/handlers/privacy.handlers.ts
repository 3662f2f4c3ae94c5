import type { CoreContext, HandlerGroup } from '../context';
import { privacyService } from '../privacy/privacy-service';
import { fromStore } from './from-store';
import { ok } from '../../../shared/result';

type Names = 'history.purge' | 'history.forgetCpf';

/** The retention purge on demand, and a data-subject request about one CPF. */
export function privacyHandlers(
  context: Pick<CoreContext, 'db' | 'dataDir' | 'settings'>,
): HandlerGroup<Names> {
  const privacy = privacyService(context);
  return {
    'history.purge': () =>
      fromStore(() => ok(privacy.purgeOlderThan(context.settings().retentionDays)), 'changed'),
    'history.forgetCpf': ({ cpf }) => {
      const checked = privacy.checkCpf(cpf);
      if (!checked.ok) return Promise.resolve(checked);
      return fromStore(() => privacy.forget(checked.value), 'changed');
    },
  };
}
