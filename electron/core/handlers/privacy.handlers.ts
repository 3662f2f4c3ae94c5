import { cpfProblem, normaliseCpf } from '../../../shared/domain/cpf';
import { fail, ok } from '../../../shared/result';
import type { CoreContext, HandlerGroup } from '../context';
import { removeHistoryCopies } from '../store/copies';
import { forgetCpf, purgeOlderThan } from '../store/retention';
import { fromStore } from './from-store';

type Names = 'history.purge' | 'history.forgetCpf';

/** The retention purge on demand, and a data-subject request about one CPF. */
export function privacyHandlers(
  context: Pick<CoreContext, 'db' | 'dataDir' | 'settings'>,
): HandlerGroup<Names> {
  const { db } = context;
  return {
    'history.purge': () =>
      fromStore(() => ok(purgeOlderThan(db, context.settings().retentionDays)), 'changed'),
    'history.forgetCpf': ({ cpf }) => {
      const digits = normaliseCpf(cpf);
      if (cpfProblem(digits) === 'length')
        return Promise.resolve(fail('validation', 'A CPF has 11 digits.'));
      return fromStore(() => {
        const rows = forgetCpf(db, digits);
        return ok({ rows, copies: removeHistoryCopies(context.dataDir) });
      }, 'changed');
    },
  };
}
