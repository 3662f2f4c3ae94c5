/**
 * The short columns fit their longest value at the smallest window (1024×640), in English and in
 * Portuguese: the outcome badges ("Fraude Confirmada", "Device Positivado"), the risk pill
 * ("Undefined", "Indefinido") and a sorted header with its arrow ("Score ▼") are never cut. The
 * results table's IDs and insights columns are meant to end in an ellipsis with a title; the review
 * queue shows its IDs whole, beside an open row too.
 */
import { reviewOutcomes } from '../../shared/domain/types';
import { expect, test } from './fixtures';
import { batchWithEveryOutcome, cut, cutIds, queueCells } from './steps/column-fit';
import { findOverflows } from './steps/overflow';

/** The results table's cells of the short columns: row, status, risk, outcome, score, alerts. */
const shortCells = [1, 4, 5, 6, 7, 8]
  .map((n) => `[data-testid="results-table"] [role="row"] > :nth-child(${String(n)})`)
  .join(', ');
for (const locale of ['en-US', 'pt-BR'] as const)
  test.describe(locale, () => {
    test.use({ locale, viewport: { width: 1024, height: 640 } });

    test('outcome badges, risk pills and a sorted header fit their columns', async ({
      page,
      app,
    }) => {
      const batchId = await batchWithEveryOutcome(page, app);
      await page.getByRole('navigation').first().getByRole('button').nth(1).click();
      await page.getByTestId(`open-batch-${batchId}`).click();
      await page.getByTestId('sort-score').click();
      await page.getByTestId('sort-score').click();
      const first = page.getByTestId('results-table').locator('[data-testid^="result-row-"]');
      await expect(first.first()).toHaveAttribute('data-outcome', reviewOutcomes[0]);
      const shown = await page
        .locator('[data-testid="result-outcome"] .outcome-badge')
        .allTextContents();
      expect(new Set(shown).size).toBe(reviewOutcomes.length);
      expect(await cut(page, shortCells)).toEqual([]);
      // Each short column sorted in turn: its header holds the arrow too.
      for (const column of ['row', 'status', 'risk', 'outcome', 'alerts']) {
        await page.getByTestId(`sort-${column}`).click();
        await expect(page.getByTestId(`sort-${column}`).locator('.sort-mark')).not.toBeEmpty();
        expect(await cut(page, shortCells)).toEqual([]);
      }

      await page.getByTestId('review-batch').click();
      await expect(page.getByTestId('review-line-0')).toBeVisible();
      expect(await cut(page, queueCells.join(', '))).toEqual([]);
      // The rows of undefined risk come last: filtered, they are on screen.
      await page.getByTestId('review-risk-undefined').check();
      await expect(page.getByTestId('review-line-0')).toHaveAttribute('data-risk', 'undefined');
      expect(await cut(page, queueCells.join(', '))).toEqual([]);
      // With a row open beside it the queue is narrower.
      await page.getByTestId('review-line-0').click();
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('review-detail')).toBeVisible();
      expect(await cut(page, queueCells.join(', '))).toEqual([]);
    });

    test('the review queue shows every ID whole and no header cut, beside an open row too', async ({
      page,
      app,
    }) => {
      const batchId = await batchWithEveryOutcome(page, app);
      await page.getByRole('navigation').first().getByRole('button').nth(1).click();
      await page.getByTestId(`open-batch-${batchId}`).click();
      await page.getByTestId('review-batch').click();
      await expect(page.getByTestId('review-line-0')).toBeVisible();
      const queueOnly = async () =>
        (await findOverflows(page, 'review')).filter((found) =>
          /queue|review-line/.test(found.what),
        );
      expect(await page.locator('.queue-line:not(.queue-head) [data-id]').count()).toBeGreaterThan(
        0,
      );
      expect(await cutIds(page)).toEqual([]);
      expect(await queueOnly()).toEqual([]);
      expect(await cut(page, '.queue-head > .queue-cell')).toEqual([]);
      await page.getByTestId('review-line-0').click();
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('review-detail')).toBeVisible();
      expect(await cutIds(page)).toEqual([]);
      expect(await queueOnly()).toEqual([]);
      expect(await cut(page, queueCells.join(', '))).toEqual([]);
      // The header is hidden from screen readers (each line says its columns), so the overflow
      // probe skips it: its labels are checked here.
      expect(await cut(page, '.queue-head > .queue-cell')).toEqual([]);
    });
  });
