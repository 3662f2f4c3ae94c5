import { baseUrlProblem } from '../../../shared/environment';
import { fail, ok } from '../../../shared/result';
import type { CoreContext, HandlerGroup } from '../context';

type Names = 'settings.get' | 'settings.update';

/**
 * The analyst's settings; a base URL is checked before it is stored. A stored change is
 * announced as `main:settings.changed`, so every window and the menu take it at once.
 */
export function settingsHandlers(
  context: Pick<CoreContext, 'settings' | 'updateSettings' | 'emit'>,
): HandlerGroup<Names> {
  return {
    'settings.get': () => Promise.resolve(ok(context.settings())),
    'settings.update': (patch) => {
      for (const key of ['productionBaseUrl', 'testBaseUrl'] as const) {
        const url = patch[key];
        const problem = url === undefined ? null : baseUrlProblem(url);
        if (problem) return Promise.resolve(fail('validation', problem));
      }
      const settings = context.updateSettings(patch);
      context.emit('main:settings.changed', { language: settings.language });
      return Promise.resolve(ok(settings));
    },
  };
}
