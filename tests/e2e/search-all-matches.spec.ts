/**
 * A CPF held by more lookups than a search page shows (1,200, all with one device): the search
 * says how many there are and shows more on request, the review queue of the search covers every
 * match (its count, its bulk outcome, its summary), and the device says it was seen in all of them
 * while listing the newest 1,000.
 */
import { sandboxAnswer } from '../../electron/sandbox/answers';
import { sampleTransaction } from '../support/transactions';
import { expect, test } from './fixtures';
import { finishedBatch } from './steps/core';

const matching = 1200;
const cpf = '52998224725';

/** The first sample session the sandbox answers with a device. */
function answeredSession(): { sessionID: string; deviceID: string } {
  for (let n = 1; ; n += 1) {
    const { sessionID } = sampleTransaction(n);
    const answer = sandboxAnswer({ sessionID });
    if (answer.status === 200) return { sessionID, deviceID: answer.body.deviceID as string };
  }
}

test('a search matching more lookups than a page: the true count, every match reviewed', async ({
  page,
  app,
}) => {
  test.setTimeout(120_000);
  const session = answeredSession();
  const rows = Array.from({ length: matching }, (_, index) => ({
    row: index + 2,
    raw: {
      externalID: `SAME-${String(index).padStart(5, '0')}`,
      sessionID: session.sessionID,
      cpf,
    },
    notes: [],
  }));
  await finishedBatch(app, { sourceName: 'd.csv', sourceSha256: 'd'.repeat(64), rows });

  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByTestId('search-input').fill('529.982.247-25');
  await page.getByTestId('search-submit').click();
  const count = page.getByTestId('search-count');
  await expect(count).toHaveAttribute('data-value', String(matching));
  await expect(count).toHaveText('1,200 lookups found; showing the newest 200.');
  const hits = page.getByTestId('search-results').locator('[data-testid^="search-hit-"]');
  await expect(hits).toHaveCount(200);
  await page.getByTestId('search-more').click();
  await expect(count).toHaveText('1,200 lookups found; showing the newest 400.');
  await expect(hits).toHaveCount(400);

  await page.getByTestId('review-search-hits').click();
  await expect(page.getByTestId('review-source')).toHaveValue('search');
  await expect(page.getByTestId('review-count')).toHaveAttribute('data-value', String(matching));
  await page.getByTestId('review-bulk-outcome').selectOption('Suspeito');
  await page.getByTestId('review-set-matching').click();
  await expect(page.getByTestId('review-confirm-matching')).toContainText(
    '“Suspeito” will be set on all 1,200 rows',
  );
  await page.getByTestId('review-confirm-matching-confirm').click();
  await expect(page.getByTestId('review-message')).toHaveText('Rows set to “Suspeito”: 1,200.');
  await expect(
    page.getByTestId('review-summary-chart').locator('tr[data-key="Suspeito"] td'),
  ).toHaveAttribute('data-value', String(matching));

  await page.getByRole('button', { name: 'Search' }).click();
  await page
    .getByTestId('search-results')
    .getByRole('button', { name: session.deviceID })
    .first()
    .click();
  const seen = page.getByTestId('device-count');
  await expect(seen).toHaveAttribute('data-value', String(matching));
  await expect(seen).toHaveText(
    'Seen in 1,200 transactions in your history. The newest 1,000 of them are listed here.',
  );
});
