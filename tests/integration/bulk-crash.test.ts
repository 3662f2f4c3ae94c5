import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaseSize } from '../../electron/core/bulk/runner';
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
  it('loses no row, stores one result per row and re-sends at most the lease (leaseSize) per kill', async () => {
    const leases: number[] = [];
    await killDuring(bulkArgs(work.file('input.csv')), 900);
    leases.push(lease());
    const id = batchId();
    await killDuring(bulkArgs('--resume', id), 1200);
    leases.push(lease());
    await killDuring(bulkArgs('--resume', id), 1200);
    leases.push(lease());
    // The lease is the rows sent and the rows claimed ahead: never more than leaseSize (16 + 48
    // here), so a kill re-sends at most that many rows.
    for (const leased of leases) expect(leased).toBeLessThanOrEqual(leaseSize(concurrency));
    // Killed mid-run, the lease holds rows claimed ahead beyond the slots: the bound is reached.
    expect(Math.max(...leases)).toBeGreaterThan(concurrency);

    const final = await runBin(bulkArgs('--resume', id));
    expect(final.code, final.stderr).toBe(0);

    const sent = Object.values(sandbox.counters().perExternalId);
    expect(sent).toHaveLength(rows);
    const resends = sent.reduce((total, n) => total + n - 1, 0);
    expect(resends).toBeLessThanOrEqual(leases.reduce((total, leased) => total + leased, 0));
    expect(resends).toBeLessThanOrEqual(3 * leaseSize(concurrency));

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

describe('dcdesk bulk killed while the rows of a big file are still being stored', () => {
  const big = 120_000;
  const storing = tempDir('dcdesk-crash-storing-');
  afterAll(() => storing.remove());
  const args = (...extra: string[]) => [
    'bulk',
    ...extra,
    '--output',
    storing.file('out.csv'),
    '--data-dir',
    storing.dir,
    '--base-url',
    sandbox.url,
    '--concurrency',
    String(concurrency),
  ];

  it('resumes only with its file, stores the rest once, and answers every row', async () => {
    writeTransactionsCsv(storing.file('big.csv'), big);
    const seen = sandbox.counters().insights;
    const child = spawn(process.execPath, [binPath, ...args(storing.file('big.csv'))], {
      stdio: 'ignore',
    });
    const exited = once(child, 'exit');
    // The first requests go out after the first slice, long before 120,000 rows are stored.
    while (sandbox.counters().insights < seen + 50) {
      if (child.exitCode !== null) throw new Error('dcdesk exited before it could be killed');
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    child.kill('SIGKILL');
    await exited;
    const db = new Database(path.join(storing.dir, 'history.sqlite3'), { readonly: true });
    const [id, stored] = [
      db.prepare('SELECT id FROM batches WHERE storing = 1').pluck().get() as string,
      db.prepare('SELECT COUNT(*) FROM batch_rows').pluck().get() as number,
    ];
    db.close();
    expect(id).toBeDefined();
    expect(stored).toBeLessThan(big);

    const withoutFile = await runBin(args('--resume', id));
    expect(withoutFile.code).toBe(2);
    expect(withoutFile.stderr).toMatch(/stopped while its rows were being stored/);
    // The command it advises runs as it is written, --output included.
    expect(withoutFile.stderr).toContain(`dcdesk bulk --resume ${id} FILE --output RESULTS`);
    writeTransactionsCsv(storing.file('other.csv'), 10);
    const otherFile = await runBin(args('--resume', id, storing.file('other.csv')));
    expect(otherFile.code).toBe(2);
    expect(otherFile.stderr).toMatch(/is not the file batch .* was made from/);

    const resumed = await runBin(args('--resume', id, storing.file('big.csv')));
    expect(resumed.code, resumed.stderr).toBe(0);
    const output = readFileSync(storing.file('out.csv'), 'utf8').trim().split('\n');
    expect(output).toHaveLength(big + 1);
    const after = new Database(path.join(storing.dir, 'history.sqlite3'), { readonly: true });
    try {
      expect(after.prepare('SELECT COUNT(*) FROM batch_rows').pluck().get()).toBe(big);
      expect(after.prepare('SELECT COUNT(DISTINCT source_row) FROM batch_rows').pluck().get()).toBe(
        big,
      );
      expect(after.prepare('SELECT storing FROM batches').pluck().get()).toBe(0);
    } finally {
      after.close();
    }
  }, 240_000);
});
