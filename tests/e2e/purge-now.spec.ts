/**
 * Settings → Purge now deletes batches for good: it asks first, naming what goes and the saved
 * retention it uses, and is not offered while the retention field holds another, unsaved number
 * (an analyst who typed 3650 and pressed it lost the batches the saved 2 days let go).
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import type { BatchSummary } from '../../shared/contract/results';
import { expect, test } from './fixtures';
import { call, finishedBatch } from './steps/core';
import { sourceRow } from './steps/report';

test('Purge now asks with the saved retention and what goes, and waits while the field is unsaved', async ({
  page,
  app,
}) => {
  const id = await finishedBatch(app, {
    sourceName: 'antigo.csv',
    sourceSha256: 'e'.repeat(64),
    rows: [sourceRow(2, 42), sourceRow(3, 43)],
  });
  const db = new Database(path.join(app.dataDir, 'history.sqlite3'));
  db.prepare('UPDATE batches SET created_at = ? WHERE id = ?').run(
    new Date(Date.now() - 5 * 86_400_000).toISOString(),
    id,
  );
  db.close();
  await call(app, 'settings.update', { retentionDays: 2 });
  await page.reload();
  await page.getByRole('button', { name: 'Settings' }).click();
  const field = page.getByLabel('Keep batches for (days)');
  const purge = page.getByRole('button', { name: 'Purge now' });
  await expect(field).toHaveValue('2');

  // An unsaved number: Purge now waits for Save, and says why.
  await field.fill('3650');
  await expect(purge).toBeDisabled();
  await expect(page.getByTestId('purge-unsaved')).toHaveText(
    'Save the settings first: Purge now uses the saved retention (2 days), not the number typed here.',
  );
  await field.fill('2');
  await expect(purge).toBeEnabled();
  await expect(page.getByTestId('purge-unsaved')).toHaveCount(0);

  await purge.click();
  const dialog = page.getByTestId('confirm-purge');
  await expect(dialog).toContainText('Delete batches older than 2 days?');
  await expect(dialog).toContainText('1 batch (2 rows) will be deleted for good');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect((await call<BatchSummary[]>(app, 'batches.list', {})).map((b) => b.id)).toEqual([id]);

  await purge.click();
  await page.getByTestId('confirm-purge-confirm').click();
  await expect(page.getByTestId('purge-result')).toHaveText(
    'Removed 1 batch (2 rows) older than 2 days.',
  );
  expect(await call<BatchSummary[]>(app, 'batches.list', {})).toEqual([]);
});
