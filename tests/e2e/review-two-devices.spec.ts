/**
 * One transaction on two rows whose answers named two devices: an outcome set on both counts only
 * the row that carries it (a transaction's outcome is of one device, the last row's), and says
 * why the other was left, instead of claiming both were set.
 */
import { sampleTransaction } from '../support/transactions';
import { expect, test } from './fixtures';
import { finishedBatch } from './steps/core';
import { openReview, reviewLine } from './steps/review';

test('an outcome on two rows of one transaction with two devices says which row was left', async ({
  page,
  app,
}) => {
  const first = sampleTransaction(910);
  const second = sampleTransaction(911);
  const rows = [first, { ...second, externalID: first.externalID }].map((t, index) => {
    const { sessionID, externalID, cpf, email, zipCode } = t;
    return { row: index + 2, raw: { sessionID, externalID, cpf, email, zipCode }, notes: [] };
  });
  await finishedBatch(app, { sourceName: 'dois.csv', sourceSha256: 'e'.repeat(64), rows });
  await openReview(page);
  await reviewLine(page, 0).getByTestId('review-tick').click();
  await reviewLine(page, 1).getByTestId('review-tick').click();
  await expect(page.getByTestId('review-selected')).toHaveAttribute('data-value', '2');

  const queue = page.getByTestId('review-queue');
  await queue.focus();
  await queue.press('2');
  await page.getByTestId('review-keys-confirm-confirm').click();
  const message = page.getByTestId('review-message');
  await expect(message).toContainText('Rows set to “Fraude Confirmada”: 1.');
  await expect(message).toContainText(
    '1 row was left as it was: a later row of its transaction named another device',
  );
  const outcomes = [
    await reviewLine(page, 0).getAttribute('data-outcome'),
    await reviewLine(page, 1).getAttribute('data-outcome'),
  ];
  expect(outcomes.sort()).toEqual(['Fraude Confirmada', 'none']);
});
