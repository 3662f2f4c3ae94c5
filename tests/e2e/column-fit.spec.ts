/**
 * The short columns fit their longest value at the smallest window (1024×640), in English and in
 * Portuguese: the outcome badges ("Fraude Confirmada", "Device Positivado"), the risk pill
 * ("Undefined", "Indefinido") and a sorted header with its arrow ("Score ▼") are never cut. The
 * results table's IDs and insights columns are meant to end in an ellipsis with a title; the review
 * queue shows its IDs whole, beside an open row too.
 */
import type { Page } from '@playwright/test';
import type { BatchSummary } from '../../shared/contract/results';
import { reviewOutcomes } from '../../shared/domain/types';
import { expect, test } from './fixtures';
import { batchRows, call } from './steps/core';
import { findOverflows } from './steps/overflow';
import { sourceRow } from './steps/report';

interface Cut {
  text: string;
  scrollWidth: number;
  clientWidth: number;
}

/** Visible elements matching `selector` whose content is wider than their box. */
async function cut(page: Page, selector: string): Promise<Cut[]> {
  return page.evaluate<Cut[]>(
    `((selector) => [...document.querySelectorAll(selector)]
      .filter((element) => element.getClientRects().length > 0)
      .filter((element) => element.scrollWidth > element.clientWidth)
      .map((element) => ({
        text: (element.textContent ?? '').trim(),
        scrollWidth: element.scrollWidth,
        clientWidth: element.clientWidth,
      })))(${JSON.stringify(selector)})`,
  );
}

/** A batch of 60 answered rows, one of them of undefined risk, with every outcome set. */
async function batchWithEveryOutcome(page: Page, app: Parameters<typeof batchRows>[0]) {
  const rows = Array.from({ length: 60 }, (_, index) => sourceRow(index + 2, 700 + index));
  const created = await call<BatchSummary>(app, 'batches.create', {
    sourceName: 'colunas.csv',
    sourceSha256: 'c'.repeat(64),
    rows,
  });
  await expect
    .poll(async () => (await call<BatchSummary>(app, 'batches.get', { batchId: created.id })).state)
    .toBe('finished');
  const answered = (await batchRows(app, created.id)).filter((row) => row.score !== null);
  expect(answered.some((row) => row.deviceRisk === 'undefined')).toBe(true);
  // The riskiest rows first, so a sort by score shows them all on the first screen.
  const byScore = [...answered].sort((a, b) => (b.score ?? 0) - (a.score ?? 0));
  const undefinedRisk = answered.filter((row) => row.deviceRisk === 'undefined');
  for (const [index, outcome] of reviewOutcomes.entries())
    await call(app, 'outcomes.set', {
      targets: [...byScore.slice(index * 2, index * 2 + 2), ...undefinedRisk].map((row) => ({
        batchId: created.id,
        seq: row.seq,
      })),
      outcome,
    });
  await page.reload();
  return created.id;
}

/** The results table's cells of the short columns: row, status, risk, outcome, score, alerts. */
const shortCells = [1, 4, 5, 6, 7, 8]
  .map((n) => `[data-testid="results-table"] [role="row"] > :nth-child(${String(n)})`)
  .join(', ');
/**
 * The review queue's IDs (external and device) whose text is not all in sight: two IDs cut to
 * the same start (`PED-001…`) would make two rows look the same.
 */
async function cutIds(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(
    `[...document.querySelectorAll('.queue-line:not(.queue-head) [data-id]')]
      .filter((element) => element.getClientRects().length > 0)
      .filter((element) => {
        const cell = element.closest('.queue-cell');
        const box = cell.getBoundingClientRect();
        const text = element.getBoundingClientRect();
        return (
          element.scrollWidth > element.clientWidth + 1 ||
          text.right > box.right + 1 ||
          text.bottom > box.bottom + 1 ||
          getComputedStyle(element).textOverflow === 'ellipsis' && element.scrollWidth > element.clientWidth
        );
      })
      .map((element) => element.textContent)`,
  );
}

/** The review queue's cells: row, risk, score, outcome. */
const queueCells = [2, 4, 5, 7].map((n) => `.queue-line > .queue-cell:nth-child(${String(n)})`);

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
