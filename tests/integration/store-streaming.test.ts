/**
 * Storing a batch of a full Excel sheet must not hold every row twice over: each row is
 * validated as it is stored, so at any moment only the spreadsheet's own rows and one prepared
 * row are in memory. Proven on a small batch by watching what is stored when each row is read.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBatch, prepareRow, type SourceRow } from '../../electron/core/bulk/batch';
import { rowsRepo, type PreparedRow } from '../../electron/core/store/rows.repo';
import { sourceRows } from '../support/bulk';
import { tempHistory } from '../support/history';

let history: Awaited<ReturnType<typeof tempHistory>>;
beforeEach(async () => {
  history = await tempHistory();
});
afterEach(() => history.close());

const storedRows = () =>
  (history.db.prepare('SELECT COUNT(*) AS n FROM batch_rows').get() as { n: number }).n;

describe('storing the rows of a new batch', () => {
  it('validates each row only once the rows before it are stored', () => {
    const seen: number[] = [];
    // Each row tells, when it is read for validation, how many rows were stored by then.
    const rows = sourceRows(50).map((row): SourceRow => {
      const { raw, ...rest } = row;
      return Object.defineProperty({ ...rest }, 'raw', {
        get: () => {
          seen.push(storedRows());
          return raw;
        },
      }) as SourceRow;
    });
    const batch = createBatch(history.db, {
      sourceName: 'p.csv',
      sourceSha256: 'a'.repeat(64),
      environment: 'sandbox',
      baseUrl: 'embedded',
      rows,
    });
    expect(batch.total).toBe(50);
    expect(storedRows()).toBe(50);
    // Row k (from 0) is read once rows 0 to k-1 are in the history: never all read first.
    expect([...new Set(seen)]).toEqual(Array.from({ length: 50 }, (_, k) => k));
  });

  it('takes rows from an iterator as they come, numbering them in order', () => {
    const db = history.db;
    db.prepare(
      `INSERT INTO batches (id, created_at, updated_at, source_name, source_sha256, environment, base_url, settings_json, state, total)
       VALUES ('b', 'now', 'now', 'p.csv', 'aa', 'sandbox', 'embedded', '{}', 'ready', 3)`,
    ).run();
    const storedBefore: number[] = [];
    function* prepared(): Generator<PreparedRow> {
      for (const row of sourceRows(3)) {
        storedBefore.push(storedRows());
        yield prepareRow(row);
      }
    }
    db.transaction(() => rowsRepo(db).insert('b', prepared(), 'now'))();
    expect(storedBefore).toEqual([0, 1, 2]);
    expect(db.prepare(`SELECT seq, source_row FROM batch_rows ORDER BY seq`).all()).toEqual([
      { seq: 1, source_row: 2 },
      { seq: 2, source_row: 3 },
      { seq: 3, source_row: 4 },
    ]);
  });
});
