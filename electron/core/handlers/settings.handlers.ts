import { baseUrlProblem } from '../../../shared/environment';
import { fail, ok } from '../../../shared/result';
import type { CoreContext, HandlerGroup } from '../context';

type Names = 'settings.get' | 'settings.update';

/** The analyst's settings; a base URL is checked before it is stored. */
export function settingsHandlers(
  context: Pick<CoreContext, 'settings' | 'updateSettings'>,
): HandlerGroup<Names> {
  return {
    'settings.get': () => Promise.resolve(ok(context.settings())),
    'settings.update': (patch) => {
      for (const key of ['productionBaseUrl', 'testBaseUrl'] as const) {
        const url = patch[key];
        const problem = url === undefined ? null : baseUrlProblem(url);
        if (problem) return Promise.resolve(fail('validation', problem));
      }
      return Promise.resolve(ok(context.updateSettings(patch)));
    },
  };
}
