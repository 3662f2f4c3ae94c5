import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sourceRows } from '../../../tests/support/bulk';
import { createBatch } from '../bulk/batch';
import { fromStore } from '../handlers/from-store';
import { historyFileName, openHistory } from './db';
import { migrations } from './migrations';
import { deviceCheckIndex } from './migrations/0019-device-check-index';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A history with a batch of 2,000 answered rows, checked at its first opening and closed. */
async function answeredHistory(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-damaged-'));
  dirs.push(dir);
  const opened = await openHistory(dir);
  if (!opened.ok) throw new Error(opened.error.message);
  const { db } = opened.value;
  const batch = createBatch(db, {
    sourceName: 'a.csv',
    sourceSha256: 'e'.repeat(64),
    environment: 'sandbox',
    baseUrl: 'embedded',
    rows: sourceRows(2000),
  });
  const key = db.prepare('SELECT key FROM batches WHERE id = ?').pluck().get(batch.id);
  const insert = db.prepare(
    `INSERT INTO lookups (batch_key, seq, looked_up_at, status, device_id, attempts, raw_answer)
     VALUES (?, ?, '2026-11-26T10:00:00.000Z', 'ok', ?, 1, ?)`,
  );
  db.transaction(() => {
    for (let seq = 1; seq <= 2000; seq += 1)
      insert.run(key, seq, `dev-${String(seq)}`, 'x'.repeat(600));
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  opened.value.close();
  return dir;
}

/** Overwrites 16 pages at `fraction` of the file with garbage, as a failing disk would. */
function garble(dir: string, fraction: number): void {
  const file = path.join(dir, historyFileName);
  const page = 4096;
  const at = Math.floor((statSync(file).size * fraction) / page) * page;
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(16 * page, 0xa5), 0, 16 * page, at);
  closeSync(fd);
}

describe('a history damaged in the middle, found while in use', () => {
  it('is said as damaged, and the next opening moves it aside', async () => {
    const dir = await answeredHistory();
    garble(dir, 0.6);
    // Checked at its first opening: this one has no reason to read it end to end.
    const opened = await openHistory(dir);
    if (!opened.ok) throw new Error(opened.error.message);
    const read = await fromStore(() => {
      opened.value.db.prepare('SELECT count(raw_answer) FROM lookups').get();
      throw new Error('the damaged pages were read without an error');
    });
    opened.value.close();
    expect(read).toMatchObject({ ok: false, error: { code: 'db' } });
    if (!read.ok)
      expect(read.error.message).toMatch(/the history file is damaged \(.*\)\. Close the app/);
    const again = await openHistory(dir);
    if (!again.ok) throw new Error(again.error.message);
    expect(again.value.notices[0]).toMatch(/damaged[^]*moved to .*history\.damaged-/);
    again.value.close();
    // Checked and moved aside: the next opening has nothing left to doubt.
    const third = await openHistory(dir);
    if (!third.ok) throw new Error(third.error.message);
    expect(third.value.notices).toEqual([]);
    third.value.close();
  });

  it('met by a migration, is moved aside once, with no copy left for each attempt', async () => {
    const dir = await answeredHistory();
    const last = migrations.at(-1)?.version ?? 0;
    // The history as the app before migration 0019 left it: that migration reads lookups (the
    // newest ones need not; each later one runs again on the schema it already made).
    const older = await openHistory(dir);
    if (!older.ok) throw new Error(older.error.message);
    older.value.db.pragma(`user_version = ${String(deviceCheckIndex.version - 1)}`);
    older.value.close();
    garble(dir, 0.6);
    const opened = await openHistory(dir);
    if (!opened.ok) throw new Error(opened.error.message);
    expect(opened.value.notices).toHaveLength(1);
    expect(opened.value.notices[0]).toMatch(/damaged[^]*moved to .*history\.damaged-/);
    expect(opened.value.db.pragma('user_version', { simple: true })).toBe(last);
    opened.value.close();
    expect(readdirSync(dir).filter((name) => name.includes('.before-v'))).toEqual([]);
    expect(existsSync(path.join(dir, `${historyFileName}.doubt`))).toBe(false);
  });
});
