/**
 * Reloading the window (F5 in the browser host, View → Reload in the app) keeps the analyst where
 * they were: the section, and the batch it showed. A search's words are not kept: they may be a
 * CPF, and the window's session storage is written to disk by some browsers.
 */
import { sampleTransaction } from '../support/transactions';
import { expect, test } from './fixtures';
import { finishedBatch } from './steps/core';

const rows = Array.from({ length: 3 }, (_, index) => {
  const { externalID, sessionID, cpf, email, zipCode } = sampleTransaction(1_300 + index);
  return { row: index + 2, raw: { sessionID, externalID, cpf, email, zipCode }, notes: [] };
});

test('a reload returns to the open batch, and to the section shown', async ({ page, app }) => {
  const batchId = await finishedBatch(app, {
    sourceName: 'recarregar.csv',
    sourceSha256: 'b'.repeat(64),
    rows,
  });
  await page.getByRole('button', { name: 'Batches', exact: true }).click();
  await page.getByTestId(`open-batch-${batchId}`).click();
  await expect(page.getByTestId('run-panel')).toBeVisible();

  // The sections' code still loading when the page goes would fail to load: a test's race.
  await page.waitForLoadState('networkidle');
  await page.reload();
  await expect(page.getByTestId('run-panel')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Batches', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  // The sections' code still loading when the page goes would fail to load: a test's race.
  await page.waitForLoadState('networkidle');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Settings', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('a reload of a search keeps the section, never the words searched', async ({
  page,
  app: _app,
}) => {
  const cpf = rows[0]?.raw.cpf ?? '';
  const searchSection = page.getByRole('navigation').getByRole('button', { name: 'Search' });
  const field = page.getByLabel('External ID, session ID, device ID or CPF');
  await searchSection.click();
  await field.fill(cpf);
  await field.press('Enter');
  // The sections' code still loading when the page goes would fail to load: a test's race.
  await page.waitForLoadState('networkidle');
  await page.reload();
  await expect(searchSection).toHaveAttribute('aria-current', 'page');
  await expect(field).toHaveValue('');
  const kept = await page.evaluate<string>(
    'JSON.stringify({ ...sessionStorage, ...localStorage })',
  );
  expect(kept).not.toContain(cpf.replace(/\D/g, '').slice(0, 9));
});
