import { historyOpenAdvice } from '../local-failure';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { fail, ok, type Result } from '../../../shared/result';
import { migrate } from './migrate';
import { migrations } from './migrations';

export type Db = Database.Database;

export interface OpenedHistory {
  db: Db;
  path: string;
  /** Things the analyst should be told once: a damaged file moved aside, a migration backup. */
  notices: string[];
}

export const historyFileName = 'history.sqlite3';

function stamp(now: Date): string {
  return now.toISOString().replace(/[:.]/g, '-');
}

/**
 * Durable settings: WAL so readers never block the writer, `synchronous=FULL` so a committed
 * result survives a power cut, foreign keys on, a busy timeout for the CLI and the app sharing a
 * file, and `secure_delete` so purged personal data is overwritten rather than left in free pages.
 */
function configure(db: Db): void {
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('secure_delete = ON');
}

function isHealthy(file: string): boolean {
  let db: Db | null = null;
  try {
    db = new Database(file, { fileMustExist: true });
    return db.pragma('quick_check', { simple: true }) === 'ok';
  } catch {
    return false;
  } finally {
    db?.close();
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
 * Opens (or creates) the history in `dataDir`. A file that fails `quick_check` is moved aside with
 * a notice and a new history is started; a failed migration is an error and the file is left as it
 * was, with a backup copy beside it.
 */
export async function openHistory(
  dataDir: string,
  now = new Date(),
): Promise<Result<OpenedHistory>> {
  const file = path.join(dataDir, historyFileName);
  const notices: string[] = [];
  try {
    mkdirSync(dataDir, { recursive: true });
    if (existsSync(file) && !isHealthy(file)) {
      const kept = moveAside(file, now);
      notices.push(
        `The history database was damaged and could not be read. It was moved to ${kept} and a new, empty history was started.`,
      );
    }
  } catch (caught) {
    return fail(
      'db',
      `The history folder ${dataDir} cannot be used: ${reason(caught)}.${historyOpenAdvice(caught)}`,
    );
  }

  let db: Db;
  try {
    db = new Database(file);
    configure(db);
  } catch (caught) {
    return fail(
      'db',
      `The history database ${file} cannot be opened: ${reason(caught)}.${historyOpenAdvice(caught)}`,
    );
  }
  try {
    const report = await migrate(db, migrations, (from) =>
      file.replace(/\.sqlite3$/, `.before-v${String(from + 1)}-${stamp(now)}.sqlite3`),
    );
    if (report.backupPath)
      notices.push(
        `The history was upgraded; a copy of the previous version is kept at ${report.backupPath}.`,
      );
  } catch (caught) {
    db.close();
    return fail('db', reason(caught));
  }
  return ok({ db, path: file, notices });
}

function reason(caught: unknown): string {
  return caught instanceof Error ? caught.message : String(caught);
}
