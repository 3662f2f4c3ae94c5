// The database type from the driver, not from ./db, which imports this file.
import type Database from 'better-sqlite3';

type Db = Database.Database;

/**
 * When the history's pages are read end to end (`PRAGMA quick_check`): only when there is a
 * reason to doubt them. A quick check reads the whole file (12 s for 815 MB), so doing it at every
 * opening made every command as slow as the history is big. SQLite with WAL and full sync keeps
 * committed data through a crash, so the doubts are: a process that ended without closing the
 * history, a history never checked, and, for damage no crash explains (a failing disk, a copy
 * taken mid-write), a check every `checkEveryDays` days.
 */
export type CheckReason = 'unclean-shutdown' | 'never-checked' | 'scheduled';

export const checkEveryDays = 7;

const dayMs = 24 * 60 * 60 * 1000;

export function checkReason(input: {
  /** Processes that had the history open and ended without closing it. */
  uncleanSessions: number;
  lastCheckedAt: Date | null;
  now: Date;
}): CheckReason | null {
  if (input.uncleanSessions > 0) return 'unclean-shutdown';
  if (input.lastCheckedAt === null) return 'never-checked';
  const age = input.now.getTime() - input.lastCheckedAt.getTime();
  // A clock set back makes the age negative: check rather than trust a check "from the future".
  if (age >= checkEveryDays * dayMs || age < 0) return 'scheduled';
  return null;
}

/**
 * The last passed check. Before migration 0005 the table does not exist yet: never checked. A
 * damaged schema page throws SQLITE_CORRUPT here, which the caller takes as the verdict.
 */
export function lastCheckedAt(db: Db): Date | null {
  const table = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'integrity_checks'")
    .get();
  if (!table) return null;
  const at = db.prepare('SELECT max(checked_at) FROM integrity_checks').pluck().get() as
    string | null;
  return at === null ? null : new Date(at);
}

/** The problems `quick_check` finds (at most ten), none when the file is sound. */
export function quickCheck(db: Db): string[] {
  const rows = db.pragma('quick_check(10)', { simple: false }) as Array<{ quick_check: string }>;
  const problems = rows.map((row) => row.quick_check);
  return problems.length === 1 && problems[0] === 'ok' ? [] : problems;
}

export function recordCheck(db: Db, at: Date, reason: CheckReason, durationMs: number): void {
  db.prepare('INSERT INTO integrity_checks (checked_at, reason, duration_ms) VALUES (?, ?, ?)').run(
    at.toISOString(),
    reason,
    Math.max(0, Math.round(durationMs)),
  );
}
