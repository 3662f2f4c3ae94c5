/**
 * Issue 14, item 6: an outcome key on several ticked rows asks first, with the action focused,
 * so `2` then `Enter` does what `2` asked for; Escape still leaves everything as it was.
 */
import { sampleTransaction } from '../support/transactions';
import { expect, test, type App } from './fixtures';
import { finishedBatch } from './steps/core';
import { openReview, reviewLine } from './steps/review';

async function runBatch(app: App, count: number): Promise<string> {
  const rows = Array.from({ length: count }, (_, index) => {
    const { sessionID, externalID, cpf, email, zipCode } = sampleTransaction(500 + index);
    return { row: index + 2, raw: { sessionID, externalID, cpf, email, zipCode }, notes: [] };
  });
  return finishedBatch(app, { sourceName: 'teclas.csv', sourceSha256: 'c'.repeat(64), rows });
}

test('an outcome key on ticked rows: Enter applies it, Escape changes nothing', async ({
  page,
  app,
}) => {
  await runBatch(app, 6);
  await openReview(page);
  const queue = page.getByTestId('review-queue');
  await reviewLine(page, 0).getByTestId('review-tick').click();
  await reviewLine(page, 1).getByTestId('review-tick').click();
  await expect(page.getByTestId('review-selected')).toHaveAttribute('data-value', '2');

  // Escape answers "no": nothing changes.
  await queue.focus();
  await queue.press('2');
  const dialog = page.getByTestId('review-keys-confirm');
  await expect(dialog).toContainText('Change the 2 selected rows?');
  await expect(dialog.getByTestId('review-keys-confirm-confirm')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(reviewLine(page, 0)).toHaveAttribute('data-outcome', 'none');
  await expect(reviewLine(page, 1)).toHaveAttribute('data-outcome', 'none');

  // `2` then Enter sets the second outcome on both rows.
  await queue.focus();
  await queue.press('2');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(reviewLine(page, 0)).toHaveAttribute('data-outcome', 'Fraude Confirmada');
  await expect(reviewLine(page, 1)).toHaveAttribute('data-outcome', 'Fraude Confirmada');
});
