import { existsSync, renameSync } from 'node:fs';
import { makeFolder } from '../make-folder';
import path from 'node:path';
import Database from 'better-sqlite3';
import { fail, ok, type Result } from '../../../shared/result';
import { historyOpenAdvice } from '../local-failure';
import { engineOptions, isCorruption, loadEngine, type Engine } from './engine';
import { checkReason, lastCheckedAt, quickCheck, recordCheck, type CheckReason } from './integrity';
import { migrate } from './migrate';
import { clearDoubt, historyOpened, isDoubted } from './doubt';
import { migrations } from './migrations';
import { forget, markOpen, readSessions, sessionsFolderName, type SessionView } from './sessions';
import { messageOf } from '../../../shared/message-of';
import { readOnlyFolderFailure, unwritableFolder } from './read-only-folder';
import { busyText, isBusy } from './busy';
import { isDiskFull } from './disk-full';
export type Db = Database.Database;

export interface OpenedHistory {
  db: Db;
  path: string;
  /** Things the analyst should be told once: a damaged file moved aside, a migration backup. */
  notices: string[];
  /** Why the file was read end to end at this opening; null when there was no reason to. */
  checked: CheckReason | null;
  /** Closes the database and removes this opening's marker: a clean shutdown. */
  close: () => void;
}

export interface OpenOptions {
  now?: Date;
  /** Which native SQLite module to load; by default the package's own build, for Node. */
  engine?: Engine;
}

export const historyFileName = 'history.sqlite3';

function stamp(now: Date): string {
  return now.toISOString().replace(/[:.]/g, '-');
}

/**
 * Durable settings: WAL so readers never block the writer, `synchronous=FULL` so a committed
 * result survives a power cut, foreign keys on, a busy timeout for the CLI and the app sharing a
 * file (a batch run's writes wait longer, busy.ts; no writer holds the lock long: purges and bulk
 * outcomes go in slices), and `secure_delete` so purged personal data is overwritten rather than
 * left in free pages.
 */
export function configureConnection(db: Db): void {
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('secure_delete = ON');
}

type Opening =
  | { kind: 'open'; db: Db; checked: CheckReason | null; checkMs: number }
  | { kind: 'damaged'; why: string }
  | { kind: 'failed'; why: string; caught: unknown };

/**
 * Opens the file and, when there is a reason to doubt it, reads it end to end. Only SQLite's own
 * verdict (a corruption or not-a-database error, or a failed quick check) says "damaged"; any
 * other failure (locked, no permission, disk full) leaves the file as it is.
 */
function openAndCheck(file: string, engine: Engine, unclean: number, now: Date): Opening {
  let db: Db | null = null;
  try {
    db = new Database(file, engineOptions(engine));
    configureConnection(db);
    // A history SQLite called damaged while in use (doubt.ts) is checked as after a crash.
    const doubts = unclean + (isDoubted(file) ? 1 : 0);
    const reason = checkReason({ uncleanSessions: doubts, lastCheckedAt: lastCheckedAt(db), now });
    if (reason === null) return { kind: 'open', db, checked: null, checkMs: 0 };
    const started = performance.now();
    const problems = quickCheck(db);
    if (problems.length === 0)
      return { kind: 'open', db, checked: reason, checkMs: performance.now() - started };
    closeQuietly(db);
    return { kind: 'damaged', why: problems.join('; ') };
  } catch (caught) {
    if (db) closeQuietly(db);
    return isCorruption(caught)
      ? { kind: 'damaged', why: messageOf(caught) }
      : { kind: 'failed', why: messageOf(caught), caught };
  }
}

/** Moves a damaged database and its WAL files aside, keeping them for recovery. */
function moveAside(file: string, now: Date): string {
  const target = file.replace(/\.sqlite3$/, `.damaged-${stamp(now)}.sqlite3`);
  for (const suffix of ['', '-wal', '-shm']) {
    if (existsSync(file + suffix)) renameSync(file + suffix, target + suffix);
  }
  return target;
}

/**
 * Replaces a damaged history with a new one, unless another program has it open: moving a file
 * from under a running app would split its writes between two files.
 */
function replaceDamaged(
  file: string,
  why: string,
  sessions: SessionView,
  engine: Engine,
  now: Date,
): Result<{ db: Db; notice: string }> {
  if (sessions.live.length > 0) {
    const pids = [...new Set(sessions.live.map((session) => session.pid))].join(', ');
    return fail(
      'db',
      `The history database ${file} is damaged (${why}), and another Device Check Desk program has it open (process ${pids}). Close the app and every dcdesk command, then try again: the damaged file will be kept aside and a new history started. If none is running, delete the folder ${path.join(path.dirname(file), sessionsFolderName)} and try again.`,
    );
  }
  try {
    const kept = moveAside(file, now);
    const db = new Database(file, engineOptions(engine));
    configureConnection(db);
    return ok({
      db,
      notice: `The history database was damaged and could not be read (${why.replace(/\s+/g, ' ').slice(0, 200)}). It was moved to ${kept} and a new, empty history was started.`,
    });
  } catch (caught) {
    return fail(
      'db',
      `The damaged history database ${file} cannot be replaced: ${messageOf(caught)}`,
    );
  }
}

/**
 * Opens (or creates) the history in `dataDir`. The native module is loaded first: one that cannot
 * load is a `db_engine` error and the file is not touched. A file SQLite finds damaged is moved
 * aside with a notice and a new history is started; a failed migration is an error and the file is
 * left as it was, with a backup copy beside it.
 */
export async function openHistory(
  dataDir: string,
  options: OpenOptions = {},
): Promise<Result<OpenedHistory>> {
  const now = options.now ?? new Date();
  const engine = options.engine ?? {};
  const loaded = loadEngine(engine);
  if (!loaded.ok) return loaded;

  const file = path.join(dataDir, historyFileName);
  let sessions: SessionView;
  let unmark: () => void;
  try {
    makeFolder(dataDir);
    // Read before this opening's own marker is written, so it is never counted.
    sessions = readSessions(dataDir);
    unmark = markOpen(dataDir);
  } catch (caught) {
    const locked = unwritableFolder(dataDir);
    if (locked !== null) return readOnlyFolderFailure(dataDir, locked);
    return fail(
      'db',
      `The history folder ${dataDir} cannot be used: ${messageOf(caught)}.${historyOpenAdvice(caught)}`,
    );
  }

  const notices: string[] = [];
  const opening = openAndCheck(file, engine, sessions.stale.length, now);
  if (opening.kind === 'failed') {
    unmark();
    const locked = unwritableFolder(dataDir);
    if (locked !== null) return readOnlyFolderFailure(dataDir, locked);
    if (isBusy(opening.caught))
      return fail('busy', `The history ${file} cannot be opened: ${busyText}`);
    return fail(
      'db',
      `The history database ${file} cannot be opened: ${opening.why}.${historyOpenAdvice(opening.caught)}`,
    );
  }
  let db: Db;
  if (opening.kind === 'damaged') {
    const replaced = replaceDamaged(file, opening.why, sessions, engine, now);
    if (!replaced.ok) {
      unmark();
      return replaced;
    }
    db = replaced.value.db;
    notices.push(replaced.value.notice);
  } else db = opening.db;

  const backupFor = (from: number) =>
    file.replace(/\.sqlite3$/, `.before-v${String(from + 1)}-${stamp(now)}.sqlite3`);
  try {
    let report: Awaited<ReturnType<typeof migrate>>;
    try {
      report = await migrate(db, migrations, backupFor);
    } catch (caught) {
      // A migration reads what the opening did not (an index rebuilt reads a whole table): a
      // file damaged there is damaged, as at the opening, not a failed upgrade to retry.
      if (!isCorruption((caught as Error).cause)) throw caught;
      closeQuietly(db);
      const replaced = replaceDamaged(
        file,
        messageOf((caught as Error).cause),
        sessions,
        engine,
        now,
      );
      if (!replaced.ok) {
        unmark();
        return replaced;
      }
      db = replaced.value.db;
      notices.push(replaced.value.notice);
      report = await migrate(db, migrations, backupFor);
    }
    if (report.backupPath)
      notices.push(
        `The history was upgraded; a copy of the previous version is kept at ${report.backupPath}.`,
      );
    if (opening.kind === 'open' && opening.checked)
      try {
        recordCheck(db, now, opening.checked, opening.checkMs);
      } catch (caught) {
        // No room to note the check on a full disk: the history still opens, and the next
        // opening checks it again.
        if (!isDiskFull(caught)) throw caught;
      }
  } catch (caught) {
    closeQuietly(db);
    unmark();
    // A migration is a write: another process writing long enough makes it give up, unchanged.
    const cause = (caught as Error | null)?.cause ?? caught;
    if (isBusy(cause) || isBusy(caught))
      return fail('busy', `The history ${file} cannot be upgraded now: ${busyText}`);
    return fail('db', messageOf(caught));
  }
  // Checked and sound, or moved aside and started again.
  clearDoubt(file);
  historyOpened(file);
  // The crashed openings have been dealt with: checked, or their file moved aside.
  forget(sessions.stale);
  const checked = opening.kind === 'open' ? opening.checked : null;
  return ok({
    db,
    path: file,
    notices,
    checked,
    close: () => {
      db.close();
      unmark();
    },
  });
}

/** Closing a connection to a damaged file can fail too; the verdict is already known. */
function closeQuietly(db: Db): void {
  try {
    db.close();
  } catch {
    // Nothing more to learn: the caller reports the first failure.
  }
}
