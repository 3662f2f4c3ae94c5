import { ok } from '../../../shared/result';
import { countRecentlyLookedUp } from '../bulk/reuse';
import type { CoreContext, HandlerGroup } from '../context';

type Names = 'lookups.countRecent';

/** What the history already knows before a run: transactions looked up in the last days. */
export function lookupHandlers({ db }: Pick<CoreContext, 'db'>): HandlerGroup<Names> {
  return {
    'lookups.countRecent': ({ externalIds, days }) =>
      Promise.resolve(ok(countRecentlyLookedUp(db, externalIds, days))),
  };
}
