/**
 * "← Back" in the device view returns where the analyst came from: opened from a batch's row, it
 * goes back to that batch with its filter and scroll position, not to an older, unrelated search.
 */
import type { BatchSummary } from '../../shared/contract/results';
import { sampleTransaction } from '../support/transactions';
import { expect, test } from './fixtures';
import { hostName } from './hosts/app';
import { call } from './steps/core';

test.skip(hostName === 'electron', 'Scroll positions are read from the page in the web host.');

test('back from a device opened on a batch row returns to the batch, filtered and scrolled', async ({
  page,
  app,
}) => {
  const rows = Array.from({ length: 80 }, (_, index) => {
    const { externalID, sessionID, cpf, email, zipCode } = sampleTransaction(1_100 + index);
    return { row: index + 2, raw: { sessionID, externalID, cpf, email, zipCode }, notes: [] };
  });
  const batch = await call<BatchSummary>(app, 'batches.create', {
    sourceName: 'volta.csv',
    sourceSha256: 'f'.repeat(64),
    rows,
  });
  await expect
    .poll(async () => (await call<BatchSummary>(app, 'batches.get', { batchId: batch.id })).state)
    .toBe('finished');

  // An older search, unrelated to the batch, left in the Search section.
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByTestId('search-input').fill('nothing-like-this');
  await page.getByTestId('search-submit').click();

  await page.getByRole('button', { name: 'Batches', exact: true }).click();
  await page.getByTestId(`open-batch-${batch.id}`).click();
  await page.getByTestId('filter-status-ok').check();
  // Enough answered rows to scroll past the first screen of them.
  await expect
    .poll(async () => Number(await page.getByTestId('results-count').getAttribute('data-value')))
    .toBeGreaterThanOrEqual(40);
  // The results' own scroller (the tests' type-check has no DOM types: the page reads it).
  const scrollTop = () =>
    page.evaluate<number>("document.querySelector('.results-body')?.scrollTop ?? -1");
  const row = page.locator('[data-testid^="result-row-"]').filter({ visible: true }).nth(3);
  await row.getByRole('button', { name: /^Details of row/ }).click();
  await expect(page.getByTestId('detail-panel')).toBeVisible();
  // New pages may reset the scroller as they arrive: scroll until it holds, then leave.
  await expect
    .poll(async () => {
      await page.evaluate("document.querySelector('.results-body')?.scrollTo({ top: 600 })");
      return scrollTop();
    })
    .toBe(600);
  const before = await scrollTop();
  await page.getByTestId('detail-panel').getByTestId('detail-device-link').click();
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await page.getByTestId('device-back').click();
  await expect(page.getByRole('button', { name: 'Batches', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByTestId('run-state')).toHaveAttribute('data-state', 'finished');
  await expect(page.getByTestId('filter-status-ok')).toBeChecked();
  await expect.poll(scrollTop).toBe(before);
  await expect(page.getByTestId('detail-panel')).toBeVisible();
});
