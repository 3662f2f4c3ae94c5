import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { historyFileName } from '../../electron/core/store/db';

/**
 * Holds the write lock of the history in `dataDir` from another process for `ms` (BEGIN
 * IMMEDIATE on a plain SQLite connection, as a second dcdesk or the app writing would); resolves
 * once it holds it, with when it took it and a promise of its release.
 */
export async function holdHistoryLock(
  dataDir: string,
  ms: number,
): Promise<{ heldAt: number; released: Promise<void> }> {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const Database = require('better-sqlite3');
       const db = new Database(process.argv[1]);
       db.exec('BEGIN IMMEDIATE');
       console.log('held');
       setTimeout(() => { db.exec('COMMIT'); db.close(); }, Number(process.argv[2]));`,
      path.join(dataDir, historyFileName),
      String(ms),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const released = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', () => resolve());
    child.once('exit', (code) => reject(new Error(`the lock holder exited (${String(code)})`)));
  });
  return { heldAt: Date.now(), released };
}
