import { existsSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { EnvironmentName } from '../../shared/environment';
import { messageOf } from '../../shared/message-of';
import { defaultSettings, type Settings } from '../../shared/settings';
import { historyFileName } from '../core/store/db';
import { settingsRepo } from '../core/store/settings.repo';
import { CommandExit, exitCodes, type Io } from './io';
import { shown } from './terminal-text';

/** The addresses of the real service saved in the settings (the app's and `dcdesk settings`'). */
export type SavedAddresses = Record<Exclude<EnvironmentName, 'sandbox'>, string>;

/**
 * Reads the settings from the history in `dataDir`, on a connection of its own, so any command
 * can know them whether or not it has opened the history (and before it does). No history yet
 * means nothing was ever saved: the defaults. A history that cannot be read stops the command:
 * guessing the default address would send the credentials to a host the analyst replaced.
 */
export function savedSettings(dataDir: string, io: Io): Settings {
  const file = path.join(dataDir, historyFileName);
  if (!existsSync(file)) return defaultSettings;
  let db: Database.Database | null = null;
  try {
    db = new Database(file, { fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    return settingsRepo(db).read();
  } catch (caught) {
    io.err(
      `dcdesk: The saved settings (the service's addresses among them) cannot be read from ${shown(file)}: ${shown(messageOf(caught))}. Nothing was sent.`,
    );
    throw new CommandExit(exitCodes.failed);
  } finally {
    db?.close();
  }
}

/** The addresses of the real service saved in the settings (see `savedSettings`). */
export function savedAddresses(dataDir: string, io: Io): SavedAddresses {
  const settings = savedSettings(dataDir, io);
  return { production: settings.productionBaseUrl, test: settings.testBaseUrl };
}
