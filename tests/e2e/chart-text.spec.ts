/**
 * The charts' text at 200% zoom (the smallest window, 1024×640, zoomed twice: a 512×320 CSS px
 * page): labels drawn inside a scaled viewBox kept their size in its units, so they shrank with the
 * picture while the rest of the text grew, and became unreadable. Every chart's text is at least as
 * large as the body's, inside its picture, and no two labels overlap; in both languages. WCAG 1.4.4.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { reviewedBatch } from './steps/report';

test.use({ viewport: { width: 512, height: 320 }, deviceScaleFactor: 2 });

/** Problems of the text in the charts under `selector`, checked in the page (no DOM types here). */
async function textProblems(page: Page, selector: string): Promise<string[]> {
  return page.evaluate<string[]>(`(() => {
    // The body's text, as large as it is drawn: the same font, in a line of its own.
    const probe = document.createElement('span');
    probe.textContent = 'Hg 0,5';
    document.querySelector('main').append(probe);
    const body = probe.getBoundingClientRect().height;
    probe.remove();
    const out = [];
    const charts = [...document.querySelectorAll(${JSON.stringify(selector)})];
    if (charts.length === 0) out.push('no chart under ${selector}');
    for (const chart of charts) {
      const name = chart.getAttribute('data-testid');
      const svg = chart.querySelector('svg');
      if (!svg) { out.push(name + ': no picture'); continue; }
      const box = svg.getBoundingClientRect();
      const texts = [...svg.querySelectorAll('text')]
        .filter((t) => (t.textContent ?? '') !== '')
        .map((t) => ({
          text: t.textContent,
          rect: t.getBoundingClientRect(),
          upright: (t.getAttribute('transform') ?? '').includes('rotate'),
        }));
      if (texts.length === 0) out.push(name + ': no labels');
      for (const { text, rect, upright } of texts) {
        // An upright label's line is as wide as a level one's is tall.
        const size = upright ? rect.width : rect.height;
        if (size < body * 0.95)
          out.push(name + ': "' + text + '" is ' + size.toFixed(1) + ' px, the body ' + body.toFixed(1));
        if (rect.left < box.left - 0.5 || rect.right > box.right + 0.5 ||
            rect.top < box.top - 0.5 || rect.bottom > box.bottom + 0.5)
          out.push(name + ': "' + text + '" leaves the picture');
      }
      for (let i = 0; i < texts.length; i += 1)
        for (let j = i + 1; j < texts.length; j += 1) {
          const a = texts[i].rect;
          const b = texts[j].rect;
          if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)
            out.push(name + ': "' + texts[i].text + '" and "' + texts[j].text + '" overlap');
        }
    }
    return out;
  })()`);
}

for (const locale of ['en-US', 'pt-BR'] as const)
  test.describe(locale, () => {
    test.use({ locale });

    test('every chart’s text is as large as the body’s at 200% zoom, inside its picture, apart', async ({
      page,
      app,
    }) => {
      test.setTimeout(120_000);
      const batchId = await reviewedBatch(app);
      await page.reload();
      const sections = page.getByRole('navigation').first().getByRole('button');
      const problems: string[] = [];

      await sections.nth(1).click();
      await page.getByTestId(`open-batch-${batchId}`).click();
      await expect(page.getByTestId('chart-score').locator('svg')).toBeVisible();
      await expect(page.getByTestId('chart-insights').locator('svg')).toBeVisible();
      problems.push(...(await textProblems(page, '.charts [data-testid^="chart-"]')));

      await page.getByTestId('review-batch').click();
      await expect(page.getByTestId('review-summary-chart').locator('svg')).toBeVisible();
      problems.push(...(await textProblems(page, '[data-testid="review-summary-chart"]')));

      await sections.nth(3).click();
      await expect(page.getByTestId('preview-counts').locator('svg')).toBeVisible();
      problems.push(...(await textProblems(page, '[data-testid="preview-counts"]')));

      await sections.nth(4).click();
      await expect(page.getByTestId('report-histogram-chart')).toBeVisible();
      problems.push(...(await textProblems(page, '.report-figure')));
      expect(problems).toEqual([]);
    });
  });
