import Database from 'better-sqlite3';

/** The history's connection (db.ts's `Db`, named here so db.ts, which reports this, is not imported). */
type Db = Database.Database;

/**
 * The history's write lock held by another connection past the busy timeout (`SQLITE_BUSY`):
 * another dcdesk or the app writing. Said by SQLite's code, which crosses the writer thread.
 */
export function isBusy(caught: unknown): boolean {
  return caught instanceof Database.SqliteError && caught.code.startsWith('SQLITE_BUSY');
}

/**
 * What the analyst is told when a write still could not get the lock after waiting: in dcdesk
 * and in the window alike (through historyFailureText), so it names no door.
 */
export const busyText =
  'the history is busy: another dcdesk or the app is writing the history, and held it longer than the 5 s this waits. Nothing was changed; try again when it is done.';

/**
 * How long `briefly` waits for the lock, in SQLite's busy handler (which sleeps in the call).
 * Short: that holds its thread, which may be the one answering the window or hearing Ctrl+C.
 */
export const attemptMs = 200;

/**
 * The pause between two attempts of `waitWhileBusy`, spent in JavaScript: about the step SQLite's
 * own busy handler sleeps between its tries once it has waited a while, so a write goes through
 * about as soon after the lock is released as it would have with the busy timeout.
 */
export const breathMs = 25;

/** Runs `write` with the connection's busy timeout set to `ms`, then puts the timeout back. */
function withBusyTimeout<T>(db: Db, ms: number, write: () => T): T {
  const patience = db.pragma('busy_timeout', { simple: true }) as number;
  db.pragma(`busy_timeout = ${String(ms)}`);
  try {
    return write();
  } finally {
    db.pragma(`busy_timeout = ${String(patience)}`);
  }
}

/**
 * Runs `write` (one transaction) until it gets the lock: a run's writes wait for another
 * process's long write (a purge, a bulk outcome, another run) rather than stopping the batch.
 * Nothing was written by an attempt that failed so: `BEGIN IMMEDIATE` takes the lock before
 * anything else. The first attempt runs at once, in the caller's turn.
 *
 * Each attempt has a busy timeout of 0: SQLite answers `SQLITE_BUSY` at once instead of sleeping
 * in its busy handler, and the waits are `breathMs` timers between attempts. So the thread is
 * never inside a SQLite call while it waits: it serves its events (the window, Ctrl+C, a Pause),
 * and a thread ended meanwhile (the row writer's, when the third Ctrl+C exits the process) is
 * ended between two calls. Ended inside one, better-sqlite3 aborts the process as it reports the
 * error to a JavaScript that is gone ("FATAL ERROR: v8::ToLocalChecked Empty MaybeLocal").
 * `onWait` is told `true` once the lock has been held past the connection's busy timeout (what
 * any other write would have waited), and `false` when the write goes through after that.
 */
export async function waitWhileBusy<T>(
  db: Db,
  write: () => T,
  onWait?: (waiting: boolean) => void,
): Promise<T> {
  const patience = db.pragma('busy_timeout', { simple: true }) as number;
  // A clock that never goes back: a wall clock set back would keep the notice from being said.
  const started = performance.now();
  let waiting = false;
  try {
    for (;;) {
      try {
        return withBusyTimeout(db, 0, write);
      } catch (caught) {
        if (!isBusy(caught)) throw caught;
      }
      if (!waiting && performance.now() - started >= patience) {
        waiting = true;
        onWait?.(true);
      }
      await new Promise((resolve) => setTimeout(resolve, breathMs));
    }
  } finally {
    if (waiting) onWait?.(false);
  }
}

/**
 * Runs `write` once, waiting for the lock no longer than `attemptMs`; throws `SQLITE_BUSY` when
 * another process still holds it. For writes that try again later on their own (the lease's
 * heartbeat, the run's first write), on a thread that must stay free. That wait is in SQLite's
 * busy handler: only for the thread that ends the process (the host's, which is in no SQLite call
 * when it exits), never on a thread that can be ended mid-call (see `waitWhileBusy`).
 */
export function briefly<T>(db: Db, write: () => T): T {
  return withBusyTimeout(db, attemptMs, write);
}

/**
 * Runs `write` only if the lock is free now, without the busy timeout's wait; null when another
 * process holds it. For work that can wait for another time (the purge at an opening).
 */
export function unlessBusy<T>(db: Db, write: () => T): T | null {
  try {
    return withBusyTimeout(db, 0, write);
  } catch (caught) {
    if (isBusy(caught)) return null;
    throw caught;
  }
}
