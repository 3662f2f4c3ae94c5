/**
 * "← Back" in the device view returns where the analyst came from: opened from a batch's row, it
 * goes back to that batch with its filter and scroll position, not to an older, unrelated search.
 */
import type { BatchSummary, ResultPage } from '../../shared/contract/results';
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
  const answered = await call<ResultPage>(app, 'results.page', {
    batchId: batch.id,
    filter: { statuses: ['ok'] },
    sort: 'row',
    direction: 'asc',
    offset: 0,
    limit: 1,
  });
  // Enough answered rows to scroll past the first screen of them, and fewer than all rows, so the
  // count below tells the filter has reached the table (it is applied 250 ms after the click, and
  // scrolls the table back to the top when it is).
  expect(answered.total).toBeGreaterThanOrEqual(40);
  expect(answered.total).toBeLessThan(rows.length);
  await expect(page.getByTestId('results-count')).toHaveAttribute(
    'data-value',
    String(answered.total),
  );
  // The results' own scroller (the tests' type-check has no DOM types: the page reads it).
  const scrollTop = () =>
    page.evaluate<number>("document.querySelector('.results-body')?.scrollTop ?? -1");
  const row = page.locator('[data-testid^="result-row-"]').filter({ visible: true }).nth(3);
  await row.getByRole('button', { name: /^Details of row/ }).click();
  await expect(page.getByTestId('detail-panel')).toBeVisible();
  await page.evaluate("document.querySelector('.results-body')?.scrollTo({ top: 600 })");
  const before = await scrollTop();
  expect(before).toBe(600);
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
  // The rows in view are drawn, down to the last one the scroller shows (34 px each, 480 px tall).
  const lastInView = Math.floor((before + 479) / 34);
  await expect(
    page.getByTestId('results-scroll').locator(`[aria-rowindex="${String(lastInView + 2)}"]`),
  ).toBeVisible();
  await expect(page.getByTestId('detail-panel')).toBeVisible();
});
