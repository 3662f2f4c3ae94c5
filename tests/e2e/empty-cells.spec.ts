/**
 * The batch list's Actions column holds Resume, for a paused or interrupted batch only: on a
 * finished batch its cell was a blank under a heading, which a tester took for a column that
 * failed to load. An empty cell there shows a muted dash, which screen readers skip.
 */
import { sampleTransaction } from '../support/transactions';
import { expect, test } from './fixtures';
import { newestBatchId } from './steps/core';
import { analystCsv, importAndRun } from './steps/import-run';

const rows = Array.from({ length: 3 }, (_, n) => sampleTransaction(n));
const file = { name: 'pedidos.csv', mimeType: 'text/csv', buffer: analystCsv(rows) };

test('a batch without actions shows a dash in the Actions column, not a blank', async ({
  page,
  app,
}) => {
  await importAndRun(page, file, rows.length);
  const batchId = await newestBatchId(app);
  await page.getByRole('navigation').first().getByRole('button', { name: 'Batches' }).click();
  const cell = page.getByTestId(`batch-row-${batchId}`).locator('td').last();
  await expect(cell).toBeVisible();
  await expect(cell).toBeEmpty();
  // Written as the page's JavaScript: the Node-side tsconfig has no DOM types.
  const mark = await page.evaluate<string>(
    `getComputedStyle(document.querySelector('[data-testid="batch-row-${batchId}"] td:last-child'), '::before').content`,
  );
  // The dash, with an empty text for screen readers (`content: '—' / ''`).
  expect(mark).toContain('—');
});
