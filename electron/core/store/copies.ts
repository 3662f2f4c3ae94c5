import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

/** `history.before-v4-….sqlite3` (a migration's backup) and `history.damaged-….sqlite3`. */
const copyName = /^history\.(?:before-v\d+|damaged)-[^/\\]*\.sqlite3(?:-wal|-shm)?$/;

/** The copies of the history kept beside it in `dataDir`: migration backups and damaged files. */
export function historyCopies(dataDir: string): string[] {
  return readdirSync(dataDir)
    .filter((name) => copyName.test(name))
    .map((name) => path.join(dataDir, name));
}

/**
 * Deletes every copy of the history in `dataDir` and returns how many database files went (their
 * -wal and -shm beside them are not counted). A copy cannot be scrubbed of one person's data (a
 * damaged one cannot even be opened), so a data-subject request removes them whole.
 */
export function removeHistoryCopies(dataDir: string): number {
  const copies = historyCopies(dataDir);
  for (const file of copies) rmSync(file, { force: true });
  return databaseFiles(copies);
}

/** How many copies `removeHistoryCopies` would delete, deleting nothing. */
export function countHistoryCopies(dataDir: string): number {
  return databaseFiles(historyCopies(dataDir));
}

function databaseFiles(copies: string[]): number {
  return copies.filter((file) => file.endsWith('.sqlite3')).length;
}
