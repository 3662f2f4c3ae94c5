/**
 * The report's charts are read by their labels: no label overlaps another or leaves the picture
 * (the rotated y-axis title beside the tick labels, "100.0%" at the edges), and the histogram's
 * count labels sit on their gridlines (a label 2 on a line at 1.75 reads wrong). In English and in
 * Portuguese, whose percentages are wider ("100,0 %").
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { reviewedBatch } from './steps/report';

interface ChartProblem {
  chart: string;
  problem: string;
}

/** Every chart's labels checked in the page (the Node-side tsconfig has no DOM types). */
async function chartProblems(page: Page): Promise<ChartProblem[]> {
  return page.evaluate<ChartProblem[]>(`(() => {
    const out = [];
    for (const svg of document.querySelectorAll('svg.report-svg')) {
      const chart = svg.getAttribute('data-testid') ?? '';
      const box = svg.getBoundingClientRect();
      const texts = [...svg.querySelectorAll('text')].filter((t) => (t.textContent ?? '') !== '');
      const rects = texts.map((t) => ({ text: t.textContent, rect: t.getBoundingClientRect() }));
      for (const { text, rect } of rects)
        if (rect.left < box.left - 0.5 || rect.right > box.right + 0.5 ||
            rect.top < box.top - 0.5 || rect.bottom > box.bottom + 0.5)
          out.push({ chart, problem: 'label "' + text + '" leaves the picture' });
      for (let i = 0; i < rects.length; i += 1)
        for (let j = i + 1; j < rects.length; j += 1) {
          const a = rects[i].rect;
          const b = rects[j].rect;
          if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)
            out.push({ chart, problem: 'labels "' + rects[i].text + '" and "' + rects[j].text + '" overlap' });
        }
      if (chart !== 'report-histogram-chart') continue;
      // Each count label against the height of its gridline: the same share of the top label.
      const ticks = [...svg.querySelectorAll('.report-grid')].flatMap((group) => {
        const line = group.querySelector('line');
        const label = group.querySelector('text[text-anchor="end"]');
        if (!line || !label) return [];
        return [{ y: Number(line.getAttribute('y1')), text: label.textContent ?? '' }];
      });
      const values = ticks.map((tick) => Number(tick.text.replace(/\\D/g, '')));
      const bottom = ticks[0];
      const top = ticks[ticks.length - 1];
      const topValue = values[values.length - 1];
      for (const [i, tick] of ticks.entries()) {
        const share = (bottom.y - tick.y) / (bottom.y - top.y);
        if (!/^\\d[\\d.,\\s]*$/.test(tick.text) || Math.abs(values[i] / topValue - share) > 0.001)
          out.push({ chart, problem: 'count label "' + tick.text + '" is not at its gridline (' + (share * topValue).toFixed(2) + ')' });
      }
    }
    return out;
  })()`);
}

for (const locale of ['en-US', 'pt-BR'] as const)
  test.describe(locale, () => {
    test.use({ locale });

    test('the charts’ labels neither overlap nor leave the picture, and counts sit on their lines', async ({
      page,
      app,
    }) => {
      await reviewedBatch(app);
      await page.getByRole('navigation').first().getByRole('button').nth(4).click();
      await expect(page.getByTestId('report-body')).toBeVisible();
      await expect(page.getByTestId('report-histogram-chart')).toBeVisible();
      expect(await chartProblems(page)).toEqual([]);
    });
  });
