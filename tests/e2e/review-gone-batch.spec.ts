/**
 * A key pressed on the review queue of a batch another window or process deleted, or is deleting:
 * the queue still shows its rows, but nothing is stored, and the window says why instead of a
 * line claiming the outcome was set.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { newLeaseOwner } from '../../electron/core/batches/batch-lease';
import { batchDeletion } from '../../electron/core/privacy/batch-deletion';
import { historyFileName } from '../../electron/core/store/db';
import { leaseForDeletion } from '../../electron/core/store/row-slices';
import { sampleTransaction } from '../support/transactions';
import { expect, test, type App } from './fixtures';
import { finishedBatch } from './steps/core';
import { openReview, reviewLine } from './steps/review';

/** The app's history, opened by this test's process as another dcdesk would open it. */
function openHistory(app: App): Database.Database {
  const db = new Database(path.join(app.dataDir, historyFileName));
  db.pragma('busy_timeout = 5000');
  return db;
}

async function runBatch(app: App): Promise<string> {
  const rows = Array.from({ length: 3 }, (_, index) => {
    const { sessionID, externalID, cpf, email, zipCode } = sampleTransaction(700 + index);
    return { row: index + 2, raw: { sessionID, externalID, cpf, email, zipCode }, notes: [] };
  });
  return finishedBatch(app, { sourceName: 'apagado.csv', sourceSha256: 'd'.repeat(64), rows });
}

test('a key on a batch deleted meanwhile says it was deleted, not that the row was set', async ({
  page,
  app,
}) => {
  const batchId = await runBatch(app);
  await openReview(page);
  await expect(reviewLine(page, 0)).toHaveAttribute('data-outcome', 'none');
  // Another process (`dcdesk purge --batch`) deletes the batch while this window shows its queue.
  const db = openHistory(app);
  try {
    expect(batchDeletion(db).delete(batchId).ok).toBe(true);
  } finally {
    db.close();
  }

  const queue = page.getByTestId('review-queue');
  await queue.focus();
  await queue.press('2');
  const message = page.getByTestId('review-message');
  await expect(message).toContainText('deleted');
  await expect(message).not.toContainText(/^Row \d+:/);
});

test('a key on a batch being deleted says so, and stores nothing', async ({ page, app }) => {
  const batchId = await runBatch(app);
  await openReview(page);
  await expect(reviewLine(page, 0)).toHaveAttribute('data-outcome', 'none');
  // A `dcdesk purge --batch` under way: its deletion started, and its process lives (this one).
  const db = openHistory(app);
  try {
    const key = db.prepare('SELECT key FROM batches WHERE id = ?').pluck().get(batchId) as number;
    db.transaction(() => leaseForDeletion(db, [key], newLeaseOwner())).immediate();
  } finally {
    db.close();
  }

  const queue = page.getByTestId('review-queue');
  await queue.focus();
  await queue.press('2');
  const message = page.getByTestId('review-message');
  await expect(message).toContainText('is being deleted');
  await expect(message).not.toContainText(/^Row \d+:/);
  // Nothing stored: the trail has no line of it either.
  const after = openHistory(app);
  try {
    expect(after.prepare('SELECT COUNT(*) FROM outcome_changes').pluck().get()).toBe(0);
  } finally {
    after.close();
  }
});
