import { existsSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { historyFileName } from './db';

/**
 * The newest batch IDs of the history in `dataDir`, for shell completion. Completion runs at
 * every Tab, so this opens the file read-only and changes nothing (no migration, no retention
 * purge, no integrity check); a missing, locked or unreadable history simply completes nothing.
 */
export function recentBatchIds(dataDir: string, limit = 50): string[] {
  const file = path.join(dataDir, historyFileName);
  if (!existsSync(file)) return [];
  let db: Database.Database | null = null;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const rows = db
      .prepare('SELECT id FROM batches ORDER BY created_at DESC LIMIT ?')
      .all(limit) as Array<{ id: string }>;
    return rows.map((row) => row.id);
  } catch {
    return [];
  } finally {
    db?.close();
  }
}
