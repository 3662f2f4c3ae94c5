import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import {
  defaultLeaseTiming,
  leaseIsGone,
  leaseRepo,
  newLeaseOwner,
} from '../../electron/core/batches/batch-lease';
import { createBatch } from '../../electron/core/bulk/batch';
import { createBatchInSlices } from '../../electron/core/bulk/batch-slices';
import { privacyService } from '../../electron/core/privacy/privacy-service';
import { batchesRepo } from '../../electron/core/store/batches.repo';
import { forgetCpf, purgeOlderThan } from '../../electron/core/store/retention';
import { rowsRepo } from '../../electron/core/store/rows.repo';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { sourceRows, startBatch } from '../support/bulk';
import { tempHistory } from '../support/history';

let sandbox: SandboxHandle;
let history: Awaited<ReturnType<typeof tempHistory>>;
beforeAll(async () => (sandbox = await startSandbox()));
afterAll(() => sandbox.close());
beforeEach(async () => (history = await tempHistory()));
afterEach(() => history.close());

/** Every byte of the database files, as the analyst's disk holds them. */
function databaseBytes(): Buffer {
  return Buffer.concat(
    readdirSync(history.dir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => readFileSync(path.join(history.dir, entry.name))),
  );
}

describe('data-subject deletion', () => {
  it('removes every trace of a CPF from the database files', async () => {
    const rows = sourceRows(200);
    const target = rows[42]!.raw.cpf!;
    const { batch, run } = startBatch(history.db, sandbox, rows);
    await run.ended;
    expect(databaseBytes().includes(target)).toBe(true);

    expect(forgetCpf(history.db, target)).toEqual({ rows: 1, outcomes: 0, wiped: true });
    expect(databaseBytes().includes(target)).toBe(false);
    expect(databaseBytes().includes(rows[43]!.raw.cpf!)).toBe(true);
    expect(rowsRepo(history.db).counts(batch.id).total).toBe(199);
    // The batch's own total (what `dcdesk batches` and the batch list show) counts 199 too.
    expect(batchesRepo(history.db).get(batch.id)?.total).toBe(199);
  });
});

describe('data-subject deletion while a batch is half stored', () => {
  it('is refused: the rows not stored yet would come back when the batch is resumed', () => {
    const rows = sourceRows(100);
    const cpf = rows[80]!.raw.cpf!;
    // A big file whose storing stopped after its first slice (a kill, a crash).
    const { batch } = createBatchInSlices(
      history.db,
      {
        sourceName: 'big.csv',
        sourceSha256: 'c',
        environment: 'sandbox',
        baseUrl: sandbox.url,
        rows,
        total: 100,
      },
      new Date(),
      50,
    );
    const privacy = privacyService({ db: history.db, dataDir: history.dir });
    for (const asked of [privacy.preview(cpf), privacy.forget(cpf)])
      expect(asked).toEqual({
        ok: false,
        error: expect.objectContaining({
          code: 'validation',
          message: expect.stringContaining(
            `Batch ${batch.id} has rows of its file not stored yet`,
          ) as unknown,
        }) as unknown,
      });
    expect(batchesRepo(history.db).get(batch.id)?.total).toBe(100);
  });
});

describe('data-subject deletion while a batch runs', () => {
  it('is refused while a live runner holds a batch with rows about the CPF', () => {
    const rows = sourceRows(10);
    const cpf = rows[4]!.raw.cpf!;
    const batch = createBatch(history.db, {
      sourceName: 'running.csv',
      sourceSha256: 'r',
      environment: 'sandbox',
      baseUrl: sandbox.url,
      rows,
    });
    // This very process runs it (the app's window, with Settings open beside it).
    const leases = leaseRepo(history.db);
    leases.take(batch.id, newLeaseOwner(), Date.now());
    const privacy = privacyService({ db: history.db, dataDir: history.dir });
    for (const asked of [privacy.preview(cpf), privacy.forget(cpf)])
      expect(asked).toEqual({
        ok: false,
        error: expect.objectContaining({
          code: 'busy',
          message: expect.stringMatching(
            new RegExp(`^Batch ${batch.id} holds rows about that CPF and is running \\(pid `),
          ) as unknown,
        }) as unknown,
      });
    expect(rowsRepo(history.db).counts(batch.id).total).toBe(10);
    // Once its runner has stopped answering (the heartbeat stale), the CPF is forgotten as asked.
    history.db.prepare('UPDATE batches SET lease_heartbeat_at = 0 WHERE id = ?').run(batch.id);
    expect(privacy.forget(cpf)).toEqual({
      ok: true,
      value: { rows: 1, outcomes: 0, copies: 0, wiped: true },
    });
  });
});

describe('retention', () => {
  it('purges batches older than the retention period with their rows', () => {
    const old = createBatch(
      history.db,
      {
        sourceName: 'old.csv',
        sourceSha256: 'a',
        environment: 'sandbox',
        baseUrl: sandbox.url,
        rows: sourceRows(5),
      },
      new Date('2026-01-01T00:00:00Z'),
    );
    const recent = createBatch(
      history.db,
      {
        sourceName: 'new.csv',
        sourceSha256: 'b',
        environment: 'sandbox',
        baseUrl: sandbox.url,
        rows: sourceRows(3, 100),
      },
      new Date('2026-11-01T00:00:00Z'),
    );
    // Finished: an unfinished batch is kept whatever its age (retention-kept.test.ts).
    batchesRepo(history.db).setState(old.id, 'finished', '2026-01-01T00:10:00Z');
    const report = purgeOlderThan(history.db, 90, new Date('2026-11-21T00:00:00Z'));
    expect(report).toEqual({ batches: 1, rows: 5, kept: 0, wiped: true });
    expect(batchesRepo(history.db).get(old.id)).toBeNull();
    expect(batchesRepo(history.db).get(recent.id)).not.toBeNull();
    expect(databaseBytes().includes(sourceRows(1)[0]!.raw.cpf!)).toBe(false);
    expect(() => purgeOlderThan(history.db, 0)).toThrow(/whole number from 1 to 3650/);
    // Beyond the setting's range the cutoff date would not even exist.
    expect(() => purgeOlderThan(history.db, 10 ** 9)).toThrow(/whole number from 1 to 3650/);
  });
});

describe('retention of a big batch', () => {
  it('deletes its rows in short transactions, the lock free between them and the batch leased', () => {
    const old = createBatch(
      history.db,
      {
        sourceName: 'big.csv',
        sourceSha256: 'a',
        environment: 'sandbox',
        baseUrl: sandbox.url,
        rows: sourceRows(25),
      },
      new Date('2026-01-01T00:00:00Z'),
    );
    batchesRepo(history.db).setState(old.id, 'finished', '2026-01-01T00:10:00Z');
    // Another process: it may write between two slices, and may not take the batch to run it.
    const other = new Database(path.join(history.dir, 'history.sqlite3'));
    other.pragma('busy_timeout = 0');
    const otherLeases = leaseRepo(other);
    const slices: number[] = [];
    const report = purgeOlderThan(
      history.db,
      90,
      new Date('2026-11-21T00:00:00Z'),
      {},
      {
        sliceRows: 10,
        onSlice: (deleted) => {
          slices.push(deleted);
          other.exec('BEGIN IMMEDIATE; COMMIT');
          const lease = otherLeases.get(old.id);
          expect(lease && leaseIsGone(lease, newLeaseOwner(), Date.now(), defaultLeaseTiming)).toBe(
            false,
          );
        },
      },
    );
    other.close();
    expect(slices).toEqual([10, 10, 5]);
    expect(report).toEqual({ batches: 1, rows: 25, kept: 0, wiped: true });
    expect(batchesRepo(history.db).get(old.id)).toBeNull();
  });
});
