/**
 * A running batch is always in sight: after a reload, in a second window, from any screen, the
 * header shows it and leads to its run (the core knows which batches run; the page forgets).
 */
import type { Page } from '@playwright/test';
import type { BatchSummary } from '../../shared/contract/results';
import { sampleTransaction } from '../support/transactions';
import { expect, test } from './fixtures';
import { hostName } from './hosts/app';
import { call } from './steps/core';

test.skip(hostName === 'electron', 'Reload and a second window are driven in the web host.');

async function secondWindow(page: Page): Promise<Page> {
  const secret = await page.evaluate<string>("sessionStorage.getItem('dcdesk.secret') ?? ''");
  const other = await page.context().newPage();
  await other.goto(`${new URL(page.url()).origin}/#secret=${secret}`);
  return other;
}

test('after a reload the header shows the running batch and opens it; a second window too', async ({
  page,
  app,
}) => {
  // Two requests a second: the run lasts long enough to reload in the middle of it.
  await call(app, 'settings.update', { ratePerSecond: 2, concurrency: 1 });
  const rows = Array.from({ length: 120 }, (_, index) => {
    const { externalID, sessionID, cpf, email, zipCode } = sampleTransaction(700 + index);
    return { row: index + 2, raw: { sessionID, externalID, cpf, email, zipCode }, notes: [] };
  });
  const batch = await call<BatchSummary>(app, 'batches.create', {
    sourceName: 'longo.csv',
    sourceSha256: 'd'.repeat(64),
    rows,
  });

  await page.reload();
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const indicator = page.getByTestId('running-indicator');
  await expect(indicator).toContainText(/Batch running \(\d+%\): longo\.csv/);
  await expect(indicator).toHaveAttribute('data-batch-id', batch.id);
  await indicator.click();
  await expect(page.getByTestId('run-state')).toHaveAttribute('data-state', 'running');

  const other = await secondWindow(page);
  await expect(other.getByTestId('running-indicator')).toContainText('longo.csv');
  await other.getByTestId('running-indicator').click();
  await expect(other.getByTestId('run-state')).toHaveAttribute('data-state', 'running');

  // Once the batch stops, the indicator goes away in both windows.
  await call(app, 'batches.cancel', { batchId: batch.id });
  await expect(page.getByTestId('running-indicator')).toHaveCount(0);
  await expect(other.getByTestId('running-indicator')).toHaveCount(0);
  await other.close();
});
