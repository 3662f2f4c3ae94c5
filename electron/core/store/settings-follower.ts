import type { Settings } from '../../../shared/settings';
import type { Db } from './db';
import { settingsRepo } from './settings.repo';

/** How often an idle core looks for settings another process stored. */
export const settingsCheckMs = 2000;

/**
 * The settings as the history holds them, followed across processes: `dcdesk settings set` (or
 * another app process on the same data folder) writes the same table, and the README promises
 * the app sees it. `PRAGMA data_version` moves only when another connection commits, so the
 * check is one pragma; the table (a dozen rows) is read again only then, and `onChange` hears of
 * settings that really differ. This connection's own writes go through `write`.
 */
export function followSettings(db: Db, onChange: (settings: Settings) => void) {
  const store = settingsRepo(db);
  const version = db.prepare('PRAGMA data_version').pluck();
  let seen = version.get();
  let settings = store.read();

  function current(): Settings {
    let stored: Settings;
    try {
      const now = version.get();
      if (now === seen) return settings;
      stored = store.read();
      seen = now;
    } catch {
      // A history that cannot be read now (busy, a disk error) keeps the settings last read;
      // the version stays unseen, so the next check reads again. Callers never had to expect a
      // throw from reading the settings.
      return settings;
    }
    // Most commits elsewhere are batch rows and outcomes, not settings.
    if (JSON.stringify(stored) === JSON.stringify(settings)) return settings;
    settings = stored;
    onChange(settings);
    return settings;
  }

  return {
    current,
    write(patch: Partial<Settings>): Settings {
      settings = store.write(patch);
      seen = version.get();
      return settings;
    },
  };
}
