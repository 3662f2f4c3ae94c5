/**
 * Two windows on one app agree: an outcome set in one shows in the other, with the same "not yet
 * sent" count, without a reload (the core announces outcome changes as it does batch progress).
 */
import type { Page } from '@playwright/test';
import type { BatchSummary } from '../../shared/contract/results';
import { sampleTransaction } from '../support/transactions';
import { expect, test, type App } from './fixtures';
import { hostName } from './hosts/app';
import { call } from './steps/core';
import { openReview, reviewLine } from './steps/review';

test.skip(hostName === 'electron', 'A second window of the same app is opened in the web host.');

async function finishedBatch(app: App, count: number): Promise<string> {
  const rows = Array.from({ length: count }, (_, index) => {
    const { externalID, sessionID, cpf, email, zipCode } = sampleTransaction(500 + index);
    return { row: index + 2, raw: { sessionID, externalID, cpf, email, zipCode }, notes: [] };
  });
  const created = await call<BatchSummary>(app, 'batches.create', {
    sourceName: 'janelas.csv',
    sourceSha256: 'c'.repeat(64),
    rows,
  });
  await expect
    .poll(async () => (await call<BatchSummary>(app, 'batches.get', { batchId: created.id })).state)
    .toBe('finished');
  return created.id;
}

/** A second tab on the same web host, as a second window of the app. */
async function secondWindow(page: Page): Promise<Page> {
  // The page keeps the host's secret for its tab; a new tab is handed it as the host hands it.
  const secret = await page.evaluate<string>("sessionStorage.getItem('dcdesk.secret') ?? ''");
  const other = await page.context().newPage();
  await other.goto(`${new URL(page.url()).origin}/#secret=${secret}`);
  return other;
}

test('an outcome set in one window shows in the other, with the same count to send', async ({
  page,
  app,
}) => {
  await finishedBatch(app, 6);
  const other = await secondWindow(page);
  await openReview(page);
  await openReview(other);
  const summary = (window: Page) => window.getByTestId('review-summary-text');
  await expect(summary(other)).toHaveText('Reviewed: 0 · not yet sent: 0');

  const queue = page.getByTestId('review-queue');
  await queue.focus();
  await queue.press('1');
  await expect(reviewLine(page, 0)).toHaveAttribute('data-outcome', 'Suspeito');
  await expect(summary(page)).toHaveText('Reviewed: 1 · not yet sent: 1');

  // The other window, untouched, follows.
  await expect(reviewLine(other, 0)).toHaveAttribute('data-outcome', 'Suspeito');
  await expect(summary(other)).toHaveText('Reviewed: 1 · not yet sent: 1');

  // And the other way round.
  const otherQueue = other.getByTestId('review-queue');
  await otherQueue.focus();
  await otherQueue.press('0');
  await expect(reviewLine(page, 0)).toHaveAttribute('data-outcome', 'none');
  await expect(summary(page)).toHaveText('Reviewed: 0 · not yet sent: 0');
  await other.close();
});

test('a language chosen in one window is the language of the other, without a reload', async ({
  page,
  app,
}) => {
  const other = await secondWindow(page);
  await expect(other.locator('html')).toHaveAttribute('lang', 'en');
  // What the Settings screen sends when the analyst picks Portuguese in the first window.
  await call(app, 'settings.update', { language: 'pt-BR' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(other.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await call(app, 'settings.update', { language: 'en' });
  await expect(other.locator('html')).toHaveAttribute('lang', 'en');
  await other.close();
});
