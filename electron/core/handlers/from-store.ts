import Database from 'better-sqlite3';
import { fail, type Result } from '../../../shared/result';
import { historyFailureText } from '../local-failure';
import { isCorruption } from '../store/engine';
import { doubtOpenHistories } from '../store/doubt';

/**
 * Runs a store call (or a service call that uses the store) as a handler: a SQLite failure is a
 * `db` error (the analyst's history could not be read or changed), anything else stays unexpected
 * and is reported by the core.
 */
export async function fromStore<T>(
  run: () => Result<T> | Promise<Result<T>>,
  action: 'read' | 'changed' = 'read',
): Promise<Result<T>> {
  try {
    return await run();
  } catch (caught) {
    if (!(caught instanceof Database.SqliteError)) throw caught;
    // The next opening reads the file end to end, and moves it aside if it is damaged.
    if (isCorruption(caught)) doubtOpenHistories();
    return fail(
      'db',
      `The history could not be ${action}: ${historyFailureText(caught) ?? caught.message}`,
    );
  }
}
