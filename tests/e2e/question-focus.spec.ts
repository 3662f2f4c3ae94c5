/**
 * A button that asks the core something before its question opens (what a deletion or a purge
 * would remove) gives focus back to itself when the question is answered. An outside tester
 * found it landing on a neighbour instead: the button disabled itself while it waited, focus
 * went next door, and the dialog, closing, gave it back there ("← All batches": a second Enter
 * left the batch).
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { call, finishedBatch } from './steps/core';
import { sourceRow } from './steps/report';

/** Opens the question from the keyboard, as the tester did, and waits for it. */
async function ask(page: Page, opener: Locator, dialog: Locator): Promise<void> {
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
}

test('Delete batch: Escape and Cancel give focus back to the button', async ({ page, app }) => {
  const batchId = await finishedBatch(app, {
    sourceName: 'foco.csv',
    sourceSha256: 'a'.repeat(64),
    rows: [sourceRow(2, 610), sourceRow(3, 611)],
  });
  await page.getByRole('button', { name: 'Batches', exact: true }).click();
  await page.getByTestId(`open-batch-${batchId}`).click();
  const opener = page.getByTestId('delete-batch');
  const dialog = page.getByTestId('confirm-delete-batch');

  await ask(page, opener, dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // Cancel ("Keep the batch") has focus when the question opens: Enter answers it.
  await ask(page, opener, dialog);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  // Still on the batch: a second Enter asks again rather than leaving for the list.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('run-panel')).toBeVisible();
});

test('Purge now: Escape, Cancel and the purge itself give focus back to the button', async ({
  page,
  app,
}) => {
  const id = await finishedBatch(app, {
    sourceName: 'velho.csv',
    sourceSha256: 'b'.repeat(64),
    rows: [sourceRow(2, 620)],
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
  const opener = page.getByRole('button', { name: 'Purge now' });
  const dialog = page.getByTestId('confirm-purge');

  await ask(page, opener, dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await ask(page, opener, dialog);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await ask(page, opener, dialog);
  await page.getByTestId('confirm-purge-confirm').press('Enter');
  await expect(page.getByTestId('purge-result')).toBeVisible();
  await expect(opener).toBeFocused();
});

test('Send: the re-send question gives focus back to the Send button that asked', async ({
  page,
  app: _app,
}) => {
  await page.getByRole('button', { name: 'Send outcomes' }).click();
  const disk = page.getByTestId('disk-panel');
  await disk.getByTestId('disk-file-input').setInputFiles({
    name: 'de-novo.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'ID Transacional;DeviceId;Resultado\r\ntx-foco-1;dev-0123456789abcdef0456;Suspeito',
    ),
  });
  await disk.getByTestId('allow-unseen-devices').check();
  const send = disk.getByTestId('send-disk');
  await send.click();
  const ledger = page.getByTestId('ledger');
  await expect(ledger.getByTestId('upload-row-1')).toHaveAttribute('data-status', 'sent');

  // The same file again: the core answers with the re-send question.
  const guard = disk.getByTestId('confirm-resend');
  await ask(page, send, guard);
  await page.keyboard.press('Escape');
  await expect(guard).toBeHidden();
  await expect(send).toBeFocused();

  // From the ledger's line: the same.
  const again = ledger.getByRole('button', { name: 'Send again: upload #1, de-novo.csv' });
  const ledgerGuard = ledger.getByTestId('confirm-resend');
  await ask(page, again, ledgerGuard);
  await page.keyboard.press('Enter');
  await expect(ledgerGuard).toBeHidden();
  await expect(again).toBeFocused();
});
