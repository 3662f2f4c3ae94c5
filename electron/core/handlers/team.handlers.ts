import type { CoreContext, HandlerGroup } from '../context';
import { fromStore } from './from-store';
import { ok } from '../../../shared/result';

type Names = 'team.status' | 'team.test' | 'team.connect' | 'team.sync' | 'team.disconnect';

/** Settings → Team: the team database this workstation syncs with (issue 17). */
export function teamHandlers(context: Pick<CoreContext, 'team'>): HandlerGroup<Names> {
  const { team } = context;
  return {
    'team.status': () => fromStore(async () => ok(await team.statusWithKeychain())),
    'team.test': ({ url, password }) => fromStore(() => team.test(url, password)),
    // The first sync runs in the background: Settings → Team shows it as syncing.
    'team.connect': ({ url, password }) =>
      fromStore(() => team.connect(url, password, { wait: false }), 'changed'),
    'team.sync': () => fromStore(() => team.sync(), 'changed'),
    'team.disconnect': () => fromStore(() => team.disconnect(), 'changed'),
  };
}
