/**
 * F5 on Import threw away every fix and exclusion without a word. The fixed rows are never kept
 * in web storage (they hold CPFs, e-mails and phones), so the browser host asks before leaving
 * while the analyst has work no run took. Electron does not ask this way (see use-leave-guard.ts).
 */
import type { Page } from '@playwright/test';
import { sampleTransaction } from '../support/transactions';
import { expect, test } from './fixtures';
import { analystCsv } from './steps/import-run';

const rows = [sampleTransaction(1), sampleTransaction(2, { sessionID: 'short' })];
const file = { name: 'pedidos.csv', mimeType: 'text/csv', buffer: analystCsv(rows) };

/** Reloads, accepting any question, and says which question the browser asked, if any. */
async function reloadAsked(page: Page): Promise<string | null> {
  let asked: string | null = null;
  const answer = (dialog: { type: () => string; accept: () => Promise<void> }) => {
    asked = dialog.type();
    void dialog.accept();
  };
  page.on('dialog', answer);
  // The screens' chunks load after the first; a reload while one loads fails it (a page error).
  await page.waitForLoadState('networkidle');
  await page.reload();
  page.off('dialog', answer);
  return asked;
}

test('the browser host asks before a reload throws away fixes and exclusions', async ({
  page,
  app: _app,
}) => {
  test.skip(
    await page.evaluate<boolean>(`'deviceCheck' in window`),
    'Electron closes without asking: see use-leave-guard.ts.',
  );
  await page.getByRole('button', { name: 'Import' }).click();
  await page.getByTestId('import-file-input').setInputFiles(file);
  await expect(page.getByTestId('total-invalid').locator('dd')).toHaveAttribute('data-value', '1');
  // Nothing done yet: nothing to lose, no question.
  expect(await reloadAsked(page)).toBeNull();

  await page.getByRole('button', { name: 'Import' }).click();
  await page.getByTestId('import-file-input').setInputFiles(file);
  await page.getByTestId('exclude-row-3').click();
  await expect(page.getByTestId('total-excluded').locator('dd')).toHaveAttribute('data-value', '1');
  expect(await reloadAsked(page)).toBe('beforeunload');
});
