import { requestsOfLines } from '../../../shared/contract/request-lines';
import { ok } from '../../../shared/result';
import { countRecentlyLookedUp } from '../bulk/reuse';
import type { CoreContext, HandlerGroup } from '../context';

type Names = 'lookups.countRecent';

/** What the history already knows before a run: requests answered in the last days. */
export function lookupHandlers({
  db,
  settings,
}: Pick<CoreContext, 'db' | 'settings'>): HandlerGroup<Names> {
  return {
    // The app's runs go to the active environment itself (never a custom address), so its
    // answers are the ones a run would reuse.
    'lookups.countRecent': ({ requests, days }) =>
      Promise.resolve(
        ok(
          countRecentlyLookedUp(
            db,
            // Checked by the contract: every line is a request.
            requestsOfLines(requests) ?? [],
            days,
            new Date(),
            settings().activeEnvironment,
          ),
        ),
      ),
  };
}
