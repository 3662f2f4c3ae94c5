import {
  settingsFrom,
  settingsPatchSchema,
  type SettingKey,
  type Settings,
} from '../../../shared/settings';
import type { Db } from './db';

/** The settings table: one JSON value per key, parsed with the shared schema on the way in and out. */
export function settingsRepo(db: Db) {
  const all = db.prepare<[], { key: string; value_json: string }>(
    'SELECT key, value_json FROM settings',
  );
  const upsert = db.prepare(
    `INSERT INTO settings (key, value_json, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET value_json = excluded.value_json, updated_at = excluded.updated_at`,
  );
  return {
    read(): Settings {
      const stored: Record<string, unknown> = {};
      for (const row of all.all()) stored[row.key] = JSON.parse(row.value_json) as unknown;
      return settingsFrom(stored);
    },
    /** Stores a change; throws a ZodError when a value is out of range. */
    write(patch: Partial<Settings>, now = new Date()): Settings {
      const checked = settingsPatchSchema.parse(patch);
      db.transaction(() => {
        for (const [key, value] of Object.entries(checked) as Array<[SettingKey, unknown]>) {
          upsert.run(key, JSON.stringify(value), now.toISOString());
        }
      }).immediate();
      return this.read();
    },
  };
}
