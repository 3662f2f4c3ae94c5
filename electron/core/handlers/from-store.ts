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
    const failure = storeFailure(caught, `The history could not be ${action}`);
    if (failure === null) throw caught;
    return failure;
  }
}

/**
 * A SQLite failure as a `db` error whose message starts with `what` and says the failure in plain
 * words (a full disk, with what to do); null when `caught` is not SQLite's. For the core's last
 * net too: a handler whose write meets a full disk is not "an unexpected failure".
 */
export function storeFailure(caught: unknown, what: string): Result<never> | null {
  if (!(caught instanceof Database.SqliteError)) return null;
  // The next opening reads the file end to end, and moves it aside if it is damaged.
  if (isCorruption(caught)) doubtOpenHistories();
  return fail('db', `${what}: ${historyFailureText(caught) ?? caught.message}`);
}
