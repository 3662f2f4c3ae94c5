/**
 * An open batch's screen tells the truth after changes made elsewhere: rows erased (a CPF), the
 * batch itself purged; a stopped batch is cancelled as it is; its filters name outcomes in the
 * analyst's language.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { BatchSummary } from '../../shared/contract/results';
import { sampleTransaction } from '../support/transactions';
import { expect, test, type App } from './fixtures';
import { call, finishedBatch } from './steps/core';

const run = promisify(execFile);
/** The installed entry point, as a user runs it (built by `node scripts/build.mjs cli`). */
const binPath = new URL('../../bin/dcdesk.mjs', import.meta.url).pathname;

/** `count` rows, the first `sameCpf` of them about one person. */
function rowsOf(count: number, sameCpf: number, from = 900) {
  const cpf = sampleTransaction(from).cpf;
  return Array.from({ length: count }, (_, index) => {
    const sample = sampleTransaction(from + index, index < sameCpf ? { cpf } : {});
    const { externalID, sessionID, email, zipCode } = sample;
    const raw = { sessionID, externalID, cpf: sample.cpf, email, zipCode };
    return { row: index + 2, raw, notes: [] };
  });
}

async function openBatch(page: Page, batchId: string): Promise<void> {
  await page.getByRole('button', { name: 'Batches', exact: true }).click();
  await page.getByTestId(`open-batch-${batchId}`).click();
  await expect(page.getByTestId('run-panel')).toBeVisible();
}

const count = (page: Page, testId: string) => page.getByTestId(testId).locator('dd');

test('an open batch shows its new counts once a CPF is erased elsewhere', async ({ page, app }) => {
  const rows = rowsOf(6, 4);
  const batchId = await finishedBatch(app, {
    sourceName: 'mesmo-cpf.csv',
    sourceSha256: 'a'.repeat(64),
    rows,
  });
  await openBatch(page, batchId);
  await expect(count(page, 'count-total')).toHaveAttribute('data-value', '6');
  await expect(page.getByText('6 of 6 rows done (100%)')).toBeVisible();

  // What another window's Settings → Privacy requests sends.
  await call(app, 'history.forgetCpf', { cpf: rows[0]?.raw.cpf });
  await expect(count(page, 'count-total')).toHaveAttribute('data-value', '2');
  await expect(count(page, 'count-done')).toHaveAttribute('data-value', '2');
  await expect(page.getByText('2 of 2 rows done (100%)')).toBeVisible();
  await expect(page.getByTestId('results-count')).toHaveAttribute('data-value', '2');
  await page.getByTestId('back-to-batches').click();
  await expect(page.getByTestId(`batch-row-${batchId}`)).toContainText('2 of 2');
});

/** Makes a batch older than any retention, straight in the history (as time would). */
function ageBatch(app: App, batchId: string): void {
  const db = new Database(path.join(app.dataDir, 'history.sqlite3'));
  try {
    db.prepare("UPDATE batches SET created_at = '2001-01-01T00:00:00.000Z' WHERE id = ?").run(
      batchId,
    );
  } finally {
    db.close();
  }
}

test('a batch purged while its screen is open says it is gone', async ({ page, app }) => {
  const batchId = await finishedBatch(app, {
    sourceName: 'antigo.csv',
    sourceSha256: 'b'.repeat(64),
    rows: rowsOf(3, 0),
  });
  await openBatch(page, batchId);
  ageBatch(app, batchId);
  // What another window's "Purge now" sends.
  await call(app, 'history.purge', {});
  await expect(page.getByTestId('batch-gone')).toHaveText(
    'This batch is no longer in the history: it was deleted (here, in another window or by a purge), with its rows and results.',
  );
  await expect(page.getByTestId('run-panel')).toHaveCount(0);
  await page.getByTestId('back-to-batches').click();
  await expect(page.getByTestId('batch-list-empty')).toBeVisible();
});

test('a paused batch is cancelled without being resumed', async ({ page, app }) => {
  // Two requests a second: the run is still going when it is paused.
  await call(app, 'settings.update', { ratePerSecond: 2, concurrency: 1 });
  const batch = await call<BatchSummary>(app, 'batches.create', {
    sourceName: 'pausado.csv',
    sourceSha256: 'c'.repeat(64),
    rows: rowsOf(60, 0),
  });
  await call(app, 'batches.pause', { batchId: batch.id });
  await expect
    .poll(async () => (await call<BatchSummary>(app, 'batches.get', { batchId: batch.id })).state)
    .toBe('paused');
  const done = (await call<BatchSummary>(app, 'batches.get', { batchId: batch.id })).counts.done;
  await openBatch(page, batch.id);
  await expect(page.getByTestId('resume-batch')).toBeVisible();
  await page.getByTestId('cancel-batch').click();
  const dialog = page.getByTestId('confirm-cancel');
  await expect(dialog).toContainText('the batch cannot be resumed');
  await dialog.getByRole('button', { name: 'Cancel batch' }).click();
  await expect(page.getByTestId('run-state')).toHaveAttribute('data-state', 'cancelled');
  await expect(page.getByTestId('resume-batch')).toHaveCount(0);
  await expect(page.getByTestId('cancel-batch')).toHaveCount(0);
  // Not one more row was sent.
  const after = await call<BatchSummary>(app, 'batches.get', { batchId: batch.id });
  expect(after).toMatchObject({ state: 'cancelled', counts: { done } });
});

test('the results filters name the local outcome in English', async ({ page, app }) => {
  const batchId = await finishedBatch(app, {
    sourceName: 'filtros.csv',
    sourceSha256: 'd'.repeat(64),
    rows: rowsOf(2, 0),
  });
  await openBatch(page, batchId);
  const legit = page.getByTestId('filter-outcome-legit');
  await expect(legit).toBeVisible();
  await expect(page.locator('label.checkbox', { has: legit })).toHaveText('Legitimate');
  await expect(page.getByText('Legítima')).toHaveCount(0);
});

test('a batch is deleted from its screen, after a question that says what goes', async ({
  page,
  app,
}) => {
  const batchId = await finishedBatch(app, {
    sourceName: 'teste-por-engano.csv',
    sourceSha256: 'e'.repeat(64),
    rows: rowsOf(3, 0, 700),
  });
  await openBatch(page, batchId);
  await page.getByTestId('delete-batch').click();
  const dialog = page.getByTestId('confirm-delete-batch');
  await expect(dialog).toContainText('Its 3 rows, with their answers and results, are deleted');
  // Kept: nothing changes.
  await dialog.getByRole('button', { name: 'Keep the batch' }).click();
  await expect(page.getByTestId('run-panel')).toBeVisible();
  await page.getByTestId('delete-batch').click();
  await dialog.getByRole('button', { name: 'Delete the batch' }).click();
  // Back to the list, which no longer holds it.
  await expect(page.getByTestId('batch-list-empty')).toBeVisible();
  const left = await call<BatchSummary[]>(app, 'batches.list', {});
  expect(left.map((batch) => batch.id)).not.toContain(batchId);
});

for (const [locale, texts] of [
  [
    'en-US',
    {
      deleted: 'The batch “lido-por-outro.csv” was deleted from the history.',
      notWiped: 'Another program is reading the history (another window of the app, or dcdesk)',
    },
  ],
  [
    'pt-BR',
    {
      deleted: 'O lote “lido-por-outro.csv” foi apagado do histórico.',
      notWiped: 'Outro programa está lendo o histórico (outra janela do aplicativo, ou o dcdesk)',
    },
  ],
] as const)
  test.describe(locale, () => {
    test.use({ locale });

    test('a batch deleted while another program reads the history says its data is not wiped yet', async ({
      page,
      app,
    }) => {
      const batchId = await finishedBatch(app, {
        sourceName: 'lido-por-outro.csv',
        sourceSha256: '9'.repeat(64),
        rows: rowsOf(2, 0, 600),
      });
      const batches = page.getByRole('navigation').first().getByRole('button').nth(1);
      await batches.click();
      await page.getByTestId(`open-batch-${batchId}`).click();
      await page.getByTestId('delete-batch').click();
      // Another program (dcdesk, another window) in a read: the checkpoint cannot wipe the file.
      const reader = new Database(path.join(app.dataDir, 'history.sqlite3'), { readonly: true });
      reader.exec('BEGIN');
      reader.prepare('SELECT COUNT(*) FROM batch_rows').get();
      try {
        await page.getByTestId('confirm-delete-batch-confirm').click();
        await expect(page.getByTestId('batch-deleted')).toContainText(texts.deleted);
        await expect(page.getByTestId('batch-deleted')).toContainText(texts.notWiped);
      } finally {
        reader.exec('COMMIT');
        reader.close();
      }
      // Wiped at once, it says the batch went, and nothing of a file left behind.
      const other = await finishedBatch(app, {
        sourceName: 'lido-por-outro.csv',
        sourceSha256: '8'.repeat(64),
        rows: rowsOf(2, 0, 650),
      });
      await batches.click();
      await expect(page.getByTestId('batch-deleted')).toHaveCount(0);
      await page.getByTestId(`open-batch-${other}`).click();
      await page.getByTestId('delete-batch').click();
      await page.getByTestId('confirm-delete-batch-confirm').click();
      await expect(page.getByTestId('batch-deleted')).toHaveText(texts.deleted);
    });
  });

test('a batch deleted elsewhere while its question is open: confirming says it is gone', async ({
  page,
  app,
}) => {
  const batchId = await finishedBatch(app, {
    sourceName: 'apagado-por-outro.csv',
    sourceSha256: 'f'.repeat(64),
    rows: rowsOf(2, 0, 800),
  });
  await openBatch(page, batchId);
  await page.getByTestId('delete-batch').click();
  const dialog = page.getByTestId('confirm-delete-batch');
  await expect(dialog).toBeVisible();
  // `dcdesk purge --batch` in another process meanwhile: its own connection, no event to the window.
  const db = new Database(path.join(app.dataDir, 'history.sqlite3'));
  try {
    db.prepare('DELETE FROM batches WHERE id = ?').run(batchId);
  } finally {
    db.close();
  }
  await dialog.getByRole('button', { name: 'Delete the batch' }).click();
  await expect(page.getByTestId('batch-gone')).toBeVisible();
  await expect(page.getByTestId('run-panel')).toHaveCount(0);
});

test('a batch deleted by another process says it is gone', async ({ page, app }) => {
  const batchId = await finishedBatch(app, {
    sourceName: 'outro-processo.csv',
    sourceSha256: 'e'.repeat(64),
    rows: rowsOf(3, 0, 950),
  });
  await openBatch(page, batchId);
  // `dcdesk purge --batch`, run beside the open app on the same history.
  await run(process.execPath, [binPath, 'purge', '--batch', batchId, '--yes'], {
    env: { ...process.env, DCDESK_DATA_DIR: app.dataDir },
  });
  await expect(page.getByTestId('batch-gone')).toBeVisible({ timeout: 10_000 });
  await page.getByTestId('back-to-batches').click();
  await expect(page.getByTestId('batch-list-empty')).toBeVisible();
});
