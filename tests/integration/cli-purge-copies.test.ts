import Database from 'better-sqlite3';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dcdesk } from '../support/cli';
import { tempDir, writeTransactionsCsv } from '../support/files';

/**
 * The copies of the history taken at an upgrade hold every batch of the day they were taken:
 * each deletion of personal data (a retention purge that removed a batch, a batch deleted) deletes
 * them too, as a CPF request does, and says so.
 */
let work: ReturnType<typeof tempDir>;
const cli = (...args: string[]) => dcdesk(args, { DCDESK_DATA_DIR: work.dir });
const copy = () => work.file('history.before-v20-2026-01-01T00-00-00.sqlite3');

beforeEach(async () => {
  work = tempDir('dcdesk-cli-purge-copies-');
  writeTransactionsCsv(work.file('pedidos.csv'), 2);
  const bulk = await cli('bulk', work.file('pedidos.csv'), '--output', work.file('o.json'));
  expect(bulk.code, bulk.stderr).toBe(0);
  writeFileSync(copy(), 'an upgrade copy');
});
afterEach(() => work.remove());

/** The only batch's ID, made `days` old. */
function batchAged(days: number): string {
  const db = new Database(path.join(work.dir, 'history.sqlite3'));
  try {
    const old = new Date(Date.now() - days * 86_400_000).toISOString();
    db.prepare('UPDATE batches SET created_at = ?').run(old);
    return db.prepare('SELECT id FROM batches').pluck().get() as string;
  } finally {
    db.close();
  }
}

describe('deleting personal data deletes the older copies of the history', () => {
  it('dcdesk purge --batch', async () => {
    const batchId = batchAged(0);
    const run = await cli('purge', '--batch', batchId, '--yes');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      'Deleted 1 older copy of the history (backups or damaged files) that may have held it.',
    );
    expect(existsSync(copy())).toBe(false);
  });

  it('dcdesk purge --older-than, when it removed a batch', async () => {
    const kept = await cli('purge', '--older-than', '30');
    expect(kept.stdout).toMatch(/^Removed 0 batches/);
    expect(existsSync(copy())).toBe(true);

    batchAged(40);
    const run = await cli('purge', '--older-than', '30', '--json');
    expect(JSON.parse(run.stdout)).toMatchObject({ batches: 1, copies: 1 });
    expect(existsSync(copy())).toBe(false);
  });

  it('the purge at an opening, when it removed a batch', async () => {
    batchAged(400);
    const run = await cli('batches');
    expect(run.code).toBe(0);
    expect(existsSync(copy())).toBe(false);
    // Said, not silent: an upgrade at the same opening has just said a copy is kept.
    expect(run.stderr).toContain(
      'dcdesk: The batches past the retention period were deleted, and with them 1 older copy of the history',
    );
  });
});
