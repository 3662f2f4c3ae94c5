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

/** Whether the page would ask before leaving now (a handler cancels `beforeunload`). */
function wouldAsk(page: Page): Promise<boolean> {
  return page.evaluate<boolean>(`(() => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  })()`);
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
  expect(await wouldAsk(page)).toBe(false);

  await page.getByTestId('exclude-row-3').click();
  await expect(page.getByTestId('total-excluded').locator('dd')).toHaveAttribute('data-value', '1');
  expect(await wouldAsk(page)).toBe(true);
  // And the browser itself asks when the tab goes.
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.accept();
});
