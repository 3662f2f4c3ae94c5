/**
 * Issue 14, conveniences: the Import screen lists the files opened lately (names and dates, with
 * a clear button), and a result's external ID, device ID or whole row goes to the clipboard in
 * one click, masked as the screen shows it, with "Copied" said in a live region.
 */
import type { Page } from '@playwright/test';
import { sampleTransaction } from '../support/transactions';
import { expect, test } from './fixtures';
import { analystCsv } from './steps/import-run';

const rows = Array.from({ length: 5 }, (_, n) => sampleTransaction(n));
const csv = (name: string) => ({ name, mimeType: 'text/csv', buffer: analystCsv(rows) });

async function importFile(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation').first().getByRole('button').nth(0).click();
  await page.getByTestId('import-file-input').setInputFiles(csv(name));
  await expect(page.getByTestId('total-valid').locator('dd')).toHaveAttribute(
    'data-value',
    String(rows.length),
  );
}

const clipboard = (page: Page) => page.evaluate<string>('navigator.clipboard.readText()');

test('recent files: names and dates, kept across a restart, cleared on request', async ({
  page,
  app: _app,
}) => {
  await importFile(page, 'pedidos-outubro.csv');
  await importFile(page, 'pedidos-novembro.csv');
  await page.reload();
  const recent = page.getByTestId('recent-files');
  await expect(recent.locator('li')).toHaveCount(2);
  await expect(recent.locator('li').first()).toContainText('pedidos-novembro.csv');
  await expect(recent.locator('li').nth(1)).toContainText('pedidos-outubro.csv');
  await expect(recent.locator('li time').first()).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);

  await page.getByTestId('recent-files-clear').click();
  await expect(recent).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('import-file-input')).toBeAttached();
  await expect(page.getByTestId('recent-files')).toBeHidden();
});

test('copying an external ID, a device ID and a row as JSON, masked as shown', async ({
  page,
  app: _app,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await importFile(page, 'pedidos.csv');
  await page.getByTestId('run-lookups').click();
  await expect(page.getByTestId('run-state')).toHaveAttribute('data-state', 'finished', {
    timeout: 30_000,
  });
  await page
    .getByTestId('results-table')
    .locator('[data-testid^="result-row-"]')
    .first()
    .getByRole('button')
    .first()
    .click();
  await expect(page.getByTestId('detail-answer')).toBeVisible();
  const externalId = rows[0]?.externalID ?? '';

  await page.getByRole('button', { name: `Copy the external ID ${externalId}` }).click();
  await expect(page.getByTestId('detail-copy-external-id-status')).toHaveText('Copied');
  expect(await clipboard(page)).toBe(externalId);

  const deviceId = (await page.getByTestId('detail-device-link').textContent()) ?? '';
  await page.getByRole('button', { name: `Copy the device ID ${deviceId}` }).click();
  await expect(page.getByTestId('detail-copy-device-id-status')).toHaveText('Copied');
  expect(await clipboard(page)).toBe(deviceId);

  await page.getByTestId('detail-copy-row').click();
  await expect(page.getByTestId('detail-copy-row-status')).toHaveText('Copied');
  const copied = JSON.parse(await clipboard(page)) as Record<string, unknown>;
  expect(copied).toMatchObject({ externalId, deviceId, status: 'ok' });
  // Masked in the shape the row's request was sent in (digits only), as the detail shows it.
  expect(copied.cpf).toMatch(/^\*\*\*\d{6}\*\*$/);
  expect(JSON.stringify(copied)).not.toContain(rows[0]?.cpf ?? 'no cpf');
});
