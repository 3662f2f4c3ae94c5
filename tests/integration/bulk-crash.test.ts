import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { binPath, runBin } from '../support/cli';
import { tempDir, writeTransactionsCsv } from '../support/files';

const rows = 5000;
const concurrency = 16;
let sandbox: SandboxHandle;
const work = tempDir('dcdesk-crash-');

beforeAll(async () => {
  sandbox = await startSandbox({ latencyMs: 2 });
  writeTransactionsCsv(work.file('input.csv'), rows);
});
afterAll(async () => {
  await sandbox.close();
  work.remove();
});

function bulkArgs(...extra: string[]): string[] {
  return [
    'bulk',
    ...extra,
    '--output',
    work.file('out.json'),
    '--data-dir',
    work.dir,
    '--env',
    'sandbox',
    '--base-url',
    sandbox.url,
    '--concurrency',
    String(concurrency),
  ];
}

/** Starts `dcdesk bulk` and kills it with SIGKILL once the sandbox has seen `after` more requests. */
async function killDuring(args: string[], after: number): Promise<void> {
  const seen = sandbox.counters().insights;
  const child = spawn(process.execPath, [binPath, ...args], { stdio: 'ignore' });
  const exited = once(child, 'exit');
  while (sandbox.counters().insights < seen + after) {
    if (child.exitCode !== null)
      throw new Error(`dcdesk exited with ${String(child.exitCode)} before it could be killed`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  child.kill('SIGKILL');
  await exited;
}

/**
 * The lease a kill leaves: rows still marked in flight, the only ones the next run can send a
 * second time (a row with a stored result is never sent again). Read after the kill.
 */
function lease(): number {
  const db = new Database(path.join(work.dir, 'history.sqlite3'), { readonly: true });
  try {
    return db
      .prepare("SELECT COUNT(*) FROM batch_rows WHERE state = 'in_flight'")
      .pluck()
      .get() as number;
  } finally {
    db.close();
  }
}

function batchId(): string {
  const db = new Database(path.join(work.dir, 'history.sqlite3'), { readonly: true });
  try {
    return db.prepare('SELECT id FROM batches').pluck().get() as string;
  } finally {
    db.close();
  }
}

describe('dcdesk bulk killed three times', () => {
  it('loses no row, stores one result per row and re-sends at most 2 x concurrency rows per kill', async () => {
    const leases: number[] = [];
    await killDuring(bulkArgs(work.file('input.csv')), 900);
    leases.push(lease());
    const id = batchId();
    await killDuring(bulkArgs('--resume', id), 1200);
    leases.push(lease());
    await killDuring(bulkArgs('--resume', id), 1200);
    leases.push(lease());
    // The lease is the rows sent and the rows claimed ahead: never more than 2 x concurrency, so
    // a kill re-sends at most that many rows.
    for (const leased of leases) expect(leased).toBeLessThanOrEqual(2 * concurrency);
    // Killed mid-run, the lease holds rows claimed ahead beyond the slots: the bound is reached.
    expect(Math.max(...leases)).toBeGreaterThan(concurrency);

    const final = await runBin(bulkArgs('--resume', id));
    expect(final.code, final.stderr).toBe(0);

    const sent = Object.values(sandbox.counters().perExternalId);
    expect(sent).toHaveLength(rows);
    const resends = sent.reduce((total, n) => total + n - 1, 0);
    expect(resends).toBeLessThanOrEqual(leases.reduce((total, leased) => total + leased, 0));
    expect(resends).toBeLessThanOrEqual(3 * 2 * concurrency);

    const db = new Database(path.join(work.dir, 'history.sqlite3'), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(
        db
          .prepare(
            'SELECT COUNT(*) FROM lookups WHERE batch_key = (SELECT key FROM batches WHERE id = ?)',
          )
          .pluck()
          .get(id),
      ).toBe(rows);
      expect(
        db
          .prepare(
            "SELECT COUNT(*) FROM batch_rows WHERE batch_key = (SELECT key FROM batches WHERE id = ?) AND state = 'done'",
          )
          .pluck()
          .get(id),
      ).toBe(rows);
    } finally {
      db.close();
    }
    const output = JSON.parse(readFileSync(work.file('out.json'), 'utf8')) as Array<{
      row: number;
      status: string;
    }>;
    expect(output.map((record) => record.row)).toEqual(
      Array.from({ length: rows }, (_, index) => index + 2),
    );
    expect(output.every((record) => record.status === 'ok' || record.status === 'no_content')).toBe(
      true,
    );
  }, 120_000);
});
