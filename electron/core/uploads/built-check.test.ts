import Database from 'better-sqlite3';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempHistory } from '../../../tests/support/history';
import { uploadsRepo } from '../store/uploads.repo';
import { builtCheck, type BuiltVerdict } from './built-check';
import { historyStamp } from '../store/history-stamp';
import { sha256 } from './upload-guard';

let history: Awaited<ReturnType<typeof tempHistory>>;
beforeEach(async () => {
  history = await tempHistory();
});
afterEach(() => history.close());

// Not a response file at all: only its hash says it is the one built.
const bytes = new TextEncoder().encode('the bytes the build wrote');
const file = { fileName: 'folder/respostas.zip', bytes };
const verdict = (over: Partial<BuiltVerdict> = {}): BuiltVerdict => ({
  sha256: sha256(bytes),
  environment: 'sandbox',
  rows: 3,
  idsPath: null,
  historyStamp: historyStamp(history.db),
  ...over,
});

/** A ledger line of `sandbox` with these transactions, as a send stores it. */
function sent(ids: string[], hash = 'f'.repeat(64)): void {
  uploadsRepo(history.db).insert({
    createdAt: '2026-11-27T00:00:00.000Z',
    fileName: 'before.csv',
    kind: 'csv',
    sha256: hash,
    environment: 'sandbox',
    status: 'sent',
    httpStatus: 200,
    messages: [],
    answer: null,
    resentFrom: null,
    errorCode: null,
    traceId: null,
    bytes: new Uint8Array(1),
    rows: ids.map((transactionId) => ({
      transactionId,
      deviceId: `dev-${transactionId}`,
      outcome: 'Suspeito',
    })),
    analyst: null,
  });
}

describe('the check of a file the core built, by its ID (issue 13)', () => {
  it('stands on the build’s verdict while the bytes are those built: the file is not read', async () => {
    const check = await builtCheck(history.db, file, verdict(), 'sandbox');
    expect(check).toEqual({
      fileName: 'respostas.zip',
      rows: 3,
      sha256: sha256(bytes),
      environment: 'sandbox',
      problems: [],
      foreignDevices: { count: 0, examples: [] },
      unseenDevices: { count: 0, examples: [] },
      sameFile: [],
      repeatedTransactions: 0,
      repeatedIn: [],
      changedSince: 0,
    });
  });

  it('gives way to the whole check when the bytes changed or the destination is another', async () => {
    const changed = { ...file, bytes: new TextEncoder().encode('other bytes') };
    expect(await builtCheck(history.db, changed, verdict(), 'sandbox')).toBeNull();
    expect(await builtCheck(history.db, file, verdict(), 'production')).toBeNull();
  });

  it('gives way when anything was committed since the build: a purge may have taken answers', async () => {
    const built = verdict();
    const other = new Database(path.join(history.dir, 'history.sqlite3'));
    try {
      expect(await builtCheck(history.db, file, built, 'sandbox')).not.toBeNull();
      other
        .prepare("INSERT INTO settings (key, value_json, updated_at) VALUES ('x', '1', 'now')")
        .run();
    } finally {
      other.close();
    }
    expect(await builtCheck(history.db, file, built, 'sandbox')).toBeNull();
    // A change on the check's own connection too.
    const again = verdict();
    history.db.prepare("DELETE FROM settings WHERE key = 'x'").run();
    expect(await builtCheck(history.db, file, again, 'sandbox')).toBeNull();
  });

  it('gives way when the destination was first sent to after the build, which wrote no IDs', async () => {
    const built = verdict();
    sent(['A1']);
    expect(
      await builtCheck(
        history.db,
        file,
        { ...built, historyStamp: historyStamp(history.db) },
        'sandbox',
      ),
    ).toBeNull();
  });

  it('asks the ledger as it is now about the IDs the build wrote, and about the same bytes', async () => {
    sent(['A1', 'A2']);
    sent(['B1'], sha256(bytes));
    const idsPath = path.join(history.dir, 'built.ids.json');
    writeFileSync(idsPath, JSON.stringify(['A1', 'A2', 'C1']));
    const check = await builtCheck(history.db, file, verdict({ idsPath }), 'sandbox');
    expect(check?.repeatedTransactions).toBe(2);
    expect(check?.repeatedIn.map((upload) => upload.fileName)).toEqual(['before.csv']);
    expect(check?.sameFile).toHaveLength(1);
  });
});
