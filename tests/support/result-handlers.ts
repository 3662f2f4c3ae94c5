import type { Db } from '../../electron/core/store/db';
import { resultHandlers } from '../../electron/core/handlers/results.handlers';
import { defaultSettings, type Settings } from '../../shared/settings';

/**
 * The results handlers on a test history, with the settings and OS locale an export follows
 * (English, `,` by default); `settings` may be changed between calls.
 */
export function testResultHandlers(
  db: Db,
  settings: Partial<Settings> = {},
  locale = 'en-US',
): ReturnType<typeof resultHandlers> {
  return resultHandlers({
    db,
    settings: () => ({ ...defaultSettings, ...settings }),
    info: { locale },
  });
}
