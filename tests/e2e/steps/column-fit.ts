/** Steps of the column-fit journeys: a queue with every outcome, and what its columns cut. */
import type { Page } from '@playwright/test';
import type { BatchSummary } from '../../../shared/contract/results';
import { reviewOutcomes } from '../../../shared/domain/types';
import { expect, type App } from '../fixtures';
import { batchRows, call } from './core';
import { sourceRow } from './report';

interface Cut {
  text: string;
  scrollWidth: number;
  clientWidth: number;
}

/** Visible elements matching `selector` whose content is wider than their box. */
export async function cut(page: Page, selector: string): Promise<Cut[]> {
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
export async function batchWithEveryOutcome(page: Page, app: App) {
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

/**
 * The review queue's IDs (external and device) whose text is not all in sight: two IDs cut to
 * the same start (`PED-001…`) would make two rows look the same.
 */
export async function cutIds(page: Page): Promise<string[]> {
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
export const queueCells = [2, 4, 5, 7].map(
  (n) => `.queue-line > .queue-cell:nth-child(${String(n)})`,
);

interface QueueView {
  scrollLeft: number;
  /** The columns (1-8) whose cells on the first line are wholly inside the queue's window. */
  inView: number[];
  /** Columns whose header label does not start where the first line's cell does. */
  misaligned: number[];
}

/** What the queue shows at its current horizontal scroll. */
async function queueView(page: Page): Promise<QueueView> {
  return page.evaluate<QueueView>(`(() => {
    const list = document.querySelector('[data-testid="review-queue"]');
    const box = list.getBoundingClientRect();
    const right = box.left + list.clientWidth;
    const cells = [...document.querySelectorAll('[data-testid="review-line-0"] > .queue-cell')];
    const heads = [...document.querySelectorAll('.queue-head > .queue-cell')];
    const inView = [];
    const misaligned = [];
    cells.forEach((cell, index) => {
      const rect = cell.getBoundingClientRect();
      if (rect.width === 0) return;
      if (rect.left >= box.left - 1 && rect.right <= right + 1) inView.push(index + 1);
      if (Math.abs(heads[index].getBoundingClientRect().left - rect.left) > 1)
        misaligned.push(index + 1);
    });
    return { scrollLeft: list.scrollLeft, inView, misaligned };
  })()`);
}

/**
 * Scrolls the queue sideways with the arrow key, as a keyboard user would, from its left edge to
 * its right: the columns each position showed, and the positions where the header was out of line.
 */
export async function scrollAcross(page: Page): Promise<{ seen: number[]; misaligned: number[] }> {
  await page.evaluate(`document.querySelector('[data-testid="review-queue"]').scrollLeft = 0`);
  await page.getByTestId('review-queue').focus();
  const seen = new Set<number>();
  const misaligned = new Set<number>();
  let last = -1;
  for (let step = 0; step < 60; step += 1) {
    // The arrow key scrolls smoothly: the list is read once it has come to rest, and the header
    // follows on the list's scroll event.
    await page.evaluate(`new Promise((done) => {
      const list = document.querySelector('[data-testid="review-queue"]');
      let before = -1;
      const settle = () => {
        if (list.scrollLeft === before) done();
        else {
          before = list.scrollLeft;
          setTimeout(() => requestAnimationFrame(settle), 50);
        }
      };
      settle();
    })`);
    const view = await queueView(page);
    view.inView.forEach((column) => seen.add(column));
    view.misaligned.forEach((column) => misaligned.add(column));
    if (view.scrollLeft === last) break;
    last = view.scrollLeft;
    await page.keyboard.press('ArrowRight');
  }
  return { seen: [...seen].sort((a, b) => a - b), misaligned: [...misaligned] };
}
