import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { binPath, runBin } from '../support/cli';
import { tempDir, writeTransactionsCsv } from '../support/files';

/**
 * `dcdesk purge --batch` killed (SIGKILL) while the rows of a big batch go slice by slice: the
 * batch is never shown, resumed or written out as whole meanwhile, and the next opening of the
 * history finishes its deletion.
 */
// Eight slices of 2,000 (row-slices.ts): enough to kill between two of them.
const rows = 16_000;
let sandbox: SandboxHandle;
const work = tempDir('dcdesk-purge-kill-');
let batchId = '';
const history = () => path.join(work.dir, 'history.sqlite3');
const flags = () => ['--data-dir', work.dir];

beforeAll(async () => {
  sandbox = await startSandbox();
  writeTransactionsCsv(work.file('big.csv'), rows);
  const bulk = await runBin([
    'bulk',
    work.file('big.csv'),
    '--output',
    work.file('first.json'),
    '--base-url',
    sandbox.url,
    '--concurrency',
    '64',
    ...flags(),
  ]);
  expect(bulk.code, bulk.stderr).toBe(0);
  const db = new Database(history(), { readonly: true });
  batchId = db.prepare('SELECT id FROM batches').pluck().get() as string;
  db.close();
}, 180_000);
afterAll(async () => {
  await sandbox.close();
  work.remove();
});

function storedRows(db: Database.Database): number {
  return db.prepare('SELECT COUNT(*) FROM batch_rows').pluck().get() as number;
}

/** Starts `dcdesk purge --batch` and kills it once some of its rows, not all, are gone. */
async function killMidDeletion(): Promise<number> {
  const reader = new Database(history(), { readonly: true });
  const child = spawn(
    process.execPath,
    [binPath, 'purge', '--batch', batchId, '--yes', ...flags()],
    {
      stdio: 'ignore',
    },
  );
  const exited = once(child, 'exit');
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error('dcdesk purge ended before it could be killed');
      const left = storedRows(reader);
      if (left < rows - 2_000 && left > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    child.kill('SIGKILL');
    await exited;
    return storedRows(reader);
  } finally {
    reader.close();
  }
}

/** Sets the batch's lease holder's pid: a live one reads as a deletion still under way. */
function leasePid(pid: number): number {
  const db = new Database(history());
  try {
    const was = db.prepare('SELECT lease_pid FROM batches WHERE id = ?').pluck().get(batchId);
    db.prepare('UPDATE batches SET lease_pid = ? WHERE id = ?').run(pid, batchId);
    return was as number;
  } finally {
    db.close();
  }
}

describe('dcdesk purge --batch killed mid-deletion', () => {
  it('shows the batch as being deleted, refuses to resume it, and the next opening finishes it', async () => {
    const left = await killMidDeletion();
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(rows);

    // As while another process is still deleting it: its lease names a live process (this one),
    // so the opening leaves it to that process.
    const killed = leasePid(process.pid);
    const listed = await runBin(['batches', '--json', ...flags()]);
    expect(listed.code, listed.stderr).toBe(0);
    const [batch] = JSON.parse(listed.stdout) as Array<{ id: string; state: string }>;
    expect(batch).toMatchObject({ id: batchId, state: 'deleting' });
    const table = await runBin(['batches', ...flags()]);
    expect(table.stdout).toContain(`Batch ${batchId} is being deleted`);
    const resumed = await runBin([
      'bulk',
      '--resume',
      batchId,
      '--output',
      work.file('resumed.json'),
      '--base-url',
      sandbox.url,
      ...flags(),
    ]);
    expect(resumed.code).toBe(2);
    expect(resumed.stderr).toContain(`Batch ${batchId} is being deleted`);
    expect(existsSync(work.file('resumed.json'))).toBe(false);
    const report = await runBin(['report', '--batch', batchId, ...flags()]);
    expect(report.code).toBe(2);
    expect(report.stderr).toContain(`Batch ${batchId} is being deleted`);

    // Its deleter dead (the killed process's lease back), the next opening finishes the deletion.
    leasePid(killed);
    const after = await runBin(['batches', '--json', ...flags()]);
    expect(after.code, after.stderr).toBe(0);
    expect(JSON.parse(after.stdout)).toEqual([]);
    const db = new Database(history(), { readonly: true });
    try {
      expect(storedRows(db)).toBe(0);
      expect(db.prepare('SELECT COUNT(*) FROM lookups').pluck().get()).toBe(0);
    } finally {
      db.close();
    }
  }, 120_000);
});
