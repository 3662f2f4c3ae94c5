import Database from 'better-sqlite3';
import { fail, ok, type Result } from '../../../shared/result';
import { messageOf } from '../../../shared/message-of';

/**
 * Which better-sqlite3 native module to load, and what to tell the analyst when it cannot load.
 * Node (dcdesk, the web host, the tests) uses the package's own build; the desktop app passes the
 * module built for Electron, kept apart from Node's, so neither run breaks the other.
 */
export interface Engine {
  /** A `.node` file built for this runtime; absent: the package's own `build/Release`. */
  nativeBinding?: string;
  /** The sentence that says how to fix a module that cannot load, for this way of running. */
  remedy?: string;
}

export const nodeEngineRemedy =
  'Run `npm rebuild better-sqlite3` in the app folder (or reinstall its dependencies with `npm ci`), then try again.';

/** The constructor options that load the chosen native module. */
export function engineOptions(engine: Engine): Database.Options {
  return engine.nativeBinding === undefined ? {} : { nativeBinding: engine.nativeBinding };
}

/**
 * Loads the native module once, on a memory database, before the history file is touched: a
 * module that cannot load (built for another Node or Electron, missing, damaged) says nothing
 * about the file, so it must never be taken for a damaged history.
 */
export function loadEngine(engine: Engine): Result<void> {
  try {
    new Database(':memory:', engineOptions(engine)).close();
    return ok(undefined);
  } catch (caught) {
    const which = engine.nativeBinding ?? 'better-sqlite3 (node_modules/better-sqlite3)';
    const electron = (process.versions as { electron?: string }).electron;
    const runtime = electron ? `Electron ${electron}` : `Node.js ${process.versions.node}`;
    const why = messageOf(caught).split('\n')[0] ?? '';
    return fail(
      'db_engine',
      `The SQLite module ${which} cannot be loaded by ${runtime} (module ABI ${process.versions.modules}): ${why.slice(0, 300)}. Your history was not touched. ${engine.remedy ?? nodeEngineRemedy}`,
    );
  }
}

/** SQLite's own verdicts that a file is damaged or is not a database, primary or extended. */
const corruptionCodes = /^SQLITE_(?:CORRUPT|NOTADB)(?:_|$)/;

/**
 * Whether an error is SQLite saying the file is damaged. Anything else (the file locked by
 * another program, no permission, a full disk, the module failing to load) leaves the file alone.
 */
export function isCorruption(caught: unknown): boolean {
  return caught instanceof Database.SqliteError && corruptionCodes.test(caught.code);
}
