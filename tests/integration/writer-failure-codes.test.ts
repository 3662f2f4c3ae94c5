/**
 * A failure of the history in the row writer (on a thread of its own, or inline) keeps SQLite's
 * code: the host says a full disk by that code, not by SQLite's text, which a trigger may raise.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createBatchInSlices } from '../../electron/core/bulk/batch-slices';
import { inlineRowWriter, type RowWriter } from '../../electron/core/bulk/row-writes';
import { diskFullMessage } from '../../electron/core/bulk/run-end';
import {
  repositoryWriterThread,
  threadRowWriter,
} from '../../electron/core/bulk/thread-row-writer';
import { historyFailureText } from '../../electron/core/local-failure';
import { historyTasks, repositoryTaskThread } from '../../electron/core/tasks/thread-tasks';
import { startSandbox } from '../../electron/sandbox';
import { sourceRows, startBatch } from '../support/bulk';
import { tempHistory } from '../support/history';

const histories: Array<Awaited<ReturnType<typeof tempHistory>>> = [];
const writers: RowWriter[] = [];
afterEach(() => {
  writers.splice(0).forEach((writer) => writer.close());
  histories.splice(0).forEach((history) => history.close());
});

async function history() {
  const opened = await tempHistory();
  histories.push(opened);
  return opened;
}

const fullDiskText =
  'the disk holding the history is full; nothing was half-saved (the history keeps what it had). Free some space on that disk, then try again.';

function sliced(db: Parameters<typeof createBatchInSlices>[0], rows: number) {
  const input = {
    sourceName: 'full.csv',
    sourceSha256: 'f'.repeat(64),
    environment: 'sandbox' as const,
    baseUrl: 'http://127.0.0.1:9',
    rows: sourceRows(rows),
    total: rows,
  };
  return createBatchInSlices(db, input, new Date(), 10);
}

describe('a write of the history that fails', () => {
  it('keeps SQLITE_FULL, and the rest of the rows is said as a full disk', async () => {
    const { db } = await history();
    const { storeRest } = sliced(db, 20_000);
    // The file may not grow past what it has: SQLite answers SQLITE_FULL, as on a full disk.
    const pages = db.pragma('page_count', { simple: true }) as number;
    db.pragma(`max_page_count = ${String(pages + 2)}`);
    const caught = await storeRest(inlineRowWriter(db)).catch((error: unknown) => error);
    expect(caught).toMatchObject({ code: 'SQLITE_FULL', message: 'database or disk is full' });
    expect(historyFailureText(caught)).toBe(fullDiskText);
  });

  it('is said by its code: a trigger raising SQLite’s text for a full disk is not one', async () => {
    const { db } = await history();
    const { storeRest } = sliced(db, 50);
    db.exec(`CREATE TRIGGER no_rows BEFORE INSERT ON batch_rows
      BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`);
    const caught = await storeRest(inlineRowWriter(db)).catch((error: unknown) => error);
    expect(caught).toMatchObject({ code: 'SQLITE_CONSTRAINT_TRIGGER' });
    expect(historyFailureText(caught)).toBe('database or disk is full');
  });

  it('keeps its code across the writer thread', async () => {
    const { db, dir } = await history();
    const { storeRest } = sliced(db, 50);
    // A folder where the history file should be: SQLite cannot open it (SQLITE_CANTOPEN).
    const writer = threadRowWriter(repositoryWriterThread(), dir, undefined);
    writers.push(writer);
    const caught = await storeRest(writer).catch((error: unknown) => error);
    expect(caught).toMatchObject({
      code: 'SQLITE_CANTOPEN',
      message: 'the history could not be opened for writing: unable to open database file',
    });
    expect(historyFailureText(caught)).toMatch(/^the history file cannot be opened or created/);
  });
});

describe('a run whose results cannot be stored', () => {
  it('pauses for a full disk, said in words, by its code', async () => {
    const { db } = await history();
    const sandbox = await startSandbox();
    try {
      const { run } = startBatch(
        db,
        sandbox,
        sourceRows(2_000),
        { concurrency: 8 },
        {
          writer: inlineRowWriter(db),
        },
      );
      // Room for the batch as stored, not for its answers.
      db.pragma(`max_page_count = ${String(db.pragma('page_count', { simple: true }))}`);
      const end = await run.ended;
      // Not a failure read as a crash: a pause the analyst ends by freeing space.
      expect(end).toMatchObject({ state: 'paused', reason: 'disk_full', message: diskFullMessage });
    } finally {
      await sandbox.close();
    }
  });
});

describe('the history task thread that cannot open the history', () => {
  it('keeps SQLite’s code with its failure, as for a task that failed', async () => {
    const { db, dir } = await history();
    // A folder where the history file should be: SQLite cannot open it (SQLITE_CANTOPEN).
    const tasks = historyTasks(db, dir, repositoryTaskThread());
    try {
      const caught = await tasks
        .run({ kind: 'fileIds', environment: 'sandbox', scope: 'all' })
        .catch((error: unknown) => error);
      expect(caught).toMatchObject({
        code: 'SQLITE_CANTOPEN',
        message: 'the history could not be opened: unable to open database file',
      });
      expect(historyFailureText(caught)).toMatch(/^the history file cannot be opened or created/);
    } finally {
      await tasks.close();
    }
  });
});
