import { rmSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { messageOf } from '../../../shared/message-of';

/** The advice every full-disk message of the history gives (see local-failure.ts). */
const freeSpace = 'Free some space on that disk, then try again.';

/** SQLite's "database or disk is full", or the system's, as the copy's writes may give either. */
function isDiskFull(caught: unknown): boolean {
  const code = (caught as { code?: unknown } | null)?.code;
  return code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT';
}

/**
 * What a failed step left: each migration is one transaction, so the history is at the version
 * of the last step applied whole, the one it had before the upgrade when none was.
 */
function nothingLost(db: Database.Database, from: number): string {
  const now = db.pragma('user_version', { simple: true }) as number;
  return now === from
    ? `Nothing was lost: the history is as it was before the upgrade (version ${String(from)}).`
    : `Nothing was lost: the history is at version ${String(now)}, each step before this one applied whole.`;
}

export interface Migration {
  version: number;
  name: string;
  /** SQL run in one transaction, or a function for data moves that SQL alone cannot express. */
  up: string | ((db: Database.Database) => void);
}

export interface MigrationReport {
  from: number;
  to: number;
  /** The copy taken before migrating an existing database, when there was anything to migrate. */
  backupPath: string | null;
}

/**
 * Brings the schema to the newest version, one migration per transaction, recording progress in
 * `user_version`. Before touching a database that already holds data it takes a backup copy, so
 * a failed migration leaves the analyst's history recoverable (the copy is removed again when the
 * first migration fails: nothing was changed); the error is thrown to the caller, with the
 * failure as its `cause` (never a silent reset).
 */
export async function migrate(
  db: Database.Database,
  migrations: readonly Migration[],
  backupPathFor: (fromVersion: number) => string,
): Promise<MigrationReport> {
  const from = db.pragma('user_version', { simple: true }) as number;
  const pending = migrations.filter((migration) => migration.version > from);
  const newest = migrations.at(-1)?.version ?? 0;
  if (from > newest) {
    throw new Error(
      `The history database is from a newer version of the app (schema ${String(from)}; this app knows ${String(newest)}).`,
    );
  }
  if (pending.length === 0) return { from, to: from, backupPath: null };

  let backupPath: string | null = null;
  if (from > 0) {
    backupPath = backupPathFor(from);
    try {
      await db.backup(backupPath);
    } catch (caught) {
      // A copy cut short holds the space it took: the next attempt would find even less.
      rmSync(backupPath, { force: true });
      if (!isDiskFull(caught)) throw caught;
      throw new Error(
        `The history could not be upgraded: the disk has no room for the copy of it taken first (${backupPath}). Nothing was lost: the history is as it was (version ${String(from)}), and the partial copy was removed. ${freeSpace}`,
        { cause: caught },
      );
    }
  }
  // A new history is made in one transaction: one made a step at a time could be found half
  // made by another process opening it (two commands started on a new folder), taken for one
  // that held data, copied and said to be upgraded.
  const steps = from === 0 ? [pending] : pending.map((migration) => [migration]);
  let current = pending[0];
  for (const step of steps) {
    const apply = db.transaction(() => {
      for (const migration of step) {
        current = migration;
        // Another process opening the same history may have applied it since `from` was read:
        // the IMMEDIATE transaction holds the write lock, so the version read here is final.
        if ((db.pragma('user_version', { simple: true }) as number) >= migration.version) continue;
        if (typeof migration.up === 'string') db.exec(migration.up);
        else migration.up(db);
        db.pragma(`user_version = ${String(migration.version)}`);
      }
    });
    try {
      apply.immediate();
    } catch (caught) {
      const failed = current ?? step[0];
      // The first step failed and rolled back: the file is as the copy has it, and a copy per
      // attempt would fill the disk with the analyst's history, one failed retry at a time.
      if (step === steps[0] && backupPath) {
        rmSync(backupPath, { force: true });
        backupPath = null;
      }
      const reason = isDiskFull(caught)
        ? `the disk holding the history is full. ${nothingLost(db, from)} ${freeSpace.slice(0, -1)}`
        : messageOf(caught);
      const kept = backupPath
        ? ` A copy of the database before migrating is kept at ${backupPath}.`
        : '';
      throw new Error(
        `Migration ${String(failed?.version)} (${failed?.name ?? ''}) failed: ${reason}.${kept}`,
        { cause: caught },
      );
    }
  }
  return { from, to: newest, backupPath };
}
