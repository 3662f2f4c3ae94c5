import { existsSync, rmSync, writeFileSync } from 'node:fs';

/**
 * A history SQLite called damaged while it was in use. The opening reads a file end to end only
 * when there is a reason to doubt it (integrity.ts): a page damaged in the middle of the file is
 * found only by the statement that reads it, and every later command would fail on it with the
 * same bare error. A marker beside the file (`history.sqlite3.doubt`) makes the next opening check
 * it, and move it aside if the check fails.
 */

/**
 * The histories this process opened, closed since or not: a corruption error names no file, and
 * reaches the command's last word after the history was closed.
 */
const opened = new Set<string>();

const markerOf = (file: string) => `${file}.doubt`;

export function historyOpened(file: string): void {
  opened.add(file);
}

/** Marks every history this process opened as doubted (best effort: it may be read-only). */
export function doubtOpenHistories(): void {
  for (const file of opened) {
    try {
      writeFileSync(markerOf(file), '');
    } catch {
      // Nothing more can be done here; the error the analyst sees says what to do.
    }
  }
}

export function isDoubted(file: string): boolean {
  return existsSync(markerOf(file));
}

/** After a check that passed, or once the file was moved aside. */
export function clearDoubt(file: string): void {
  rmSync(markerOf(file), { force: true });
}
