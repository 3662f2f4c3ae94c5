/**
 * The window at 200% zoom: the smallest supported window (1024×640) zoomed twice is a 512×320
 * CSS px page on a screen of twice the density. An attacker with a keyboard and a screen reader
 * found the review queue's outcome cut off at its edge with no way to scroll, and the open row
 * squeezing the queue to its tick boxes. WCAG 1.4.10 (reflow) and 1.4.4 (resize text).
 */
import { sampleTransaction } from '../support/transactions';
import { expect, test } from './fixtures';
import { batchWithEveryOutcome, cut, cutIds, queueCells, scrollAcross } from './steps/column-fit';
import { analystCsv } from './steps/import-run';
import { reviewedBatch } from './steps/report';

test.use({ viewport: { width: 512, height: 320 }, deviceScaleFactor: 2 });
// Scroll bars as a window draws them: headless Chromium hides them but still reserves a list's
// stable gutter, and then stops a sideways scroll a gutter short of the end.
test.use({
  launchOptions: [
    async ({ launchOptions }, use) =>
      use({ ...launchOptions, ignoreDefaultArgs: ['--hide-scrollbars'] }),
    { scope: 'worker' },
  ],
});

for (const locale of ['en-US', 'pt-BR'] as const)
  test.describe(locale, () => {
    test.use({ locale });

    test('every column of the review queue can be scrolled to, its header in line, beside an open row too', async ({
      page,
      app,
    }) => {
      const batchId = await batchWithEveryOutcome(page, app);
      await page.getByRole('navigation').first().getByRole('button').nth(1).click();
      await page.getByTestId(`open-batch-${batchId}`).click();
      await page.getByTestId('review-batch').click();
      await expect(page.getByTestId('review-line-0')).toBeVisible();
      const alone = await scrollAcross(page);
      expect(alone).toEqual({ seen: [1, 2, 3, 4, 5, 6, 7, 8], misaligned: [] });
      expect(await cutIds(page)).toEqual([]);
      expect(await cut(page, queueCells.join(', '))).toEqual([]);

      await page.getByTestId('review-line-0').click();
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('review-detail')).toBeVisible();
      // The open row goes under the queue, which keeps the window's width.
      const queue = await page.locator('.queue').boundingBox();
      const detail = await page.getByTestId('review-detail').boundingBox();
      expect(detail?.y).toBeGreaterThanOrEqual((queue?.y ?? 0) + (queue?.height ?? 0));
      // The time set moves to the open row: seven columns, each reached.
      const beside = await scrollAcross(page);
      expect(beside).toEqual({ seen: [1, 2, 3, 4, 5, 6, 7], misaligned: [] });
      expect(await cutIds(page)).toEqual([]);
      expect(await cut(page, queueCells.join(', '))).toEqual([]);
    });
  });

const file = {
  name: 'pedidos-de-novembro-conferidos.csv',
  mimeType: 'text/csv',
  buffer: analystCsv([0, 1, 2].map((n) => sampleTransaction(n))),
};

for (const locale of ['en-US', 'pt-BR'] as const)
  test.describe(`${locale}, every screen`, () => {
    test.use({ locale });

    test('no screen is wider than the window, and every section can be reached', async ({
      page,
      app,
    }) => {
      test.setTimeout(120_000);
      const batchId = await reviewedBatch(app);
      await page.reload();
      const wider: string[] = [];
      const check = async (screen: string) => {
        await expect(page.locator('main h2:visible').first()).toBeVisible();
        const [wide, window] = await page.evaluate<[number, number]>(
          '[document.documentElement.scrollWidth, document.documentElement.clientWidth]',
        );
        if (wide > window) wider.push(`${screen}: ${String(wide)} px in ${String(window)}`);
      };
      const sections = page.getByRole('navigation').first().getByRole('button');
      // Each section's button is inside the window, not beyond its right edge.
      const out = await page.evaluate<string[]>(`[...document.querySelectorAll('.shell-nav button')]
        .filter((button) => {
          const box = button.getBoundingClientRect();
          return box.left < 0 || box.right > document.documentElement.clientWidth;
        })
        .map((button) => 'the section ' + button.textContent + ' is out of the window')`);
      wider.push(...out);
      const count = await sections.count();
      for (let index = 0; index < count; index += 1) {
        await sections.nth(index).click();
        await check((await sections.nth(index).textContent()) ?? '');
      }
      await sections.nth(0).click();
      await page.getByTestId('import-file-input').setInputFiles(file);
      await expect(page.getByTestId('total-valid').locator('dd')).toHaveAttribute(
        'data-value',
        '3',
      );
      await check('import with a file');
      await sections.nth(5).click();
      await page.getByTestId('search-input').fill('order-0005');
      await page.getByTestId('search-submit').click();
      await expect(page.getByTestId('search-results')).toBeVisible();
      await check('search with matches');
      await sections.nth(1).click();
      await page.getByTestId(`open-batch-${batchId}`).click();
      await expect(page.getByTestId('results-table')).toBeVisible();
      await check('batch results');
      await page.getByTestId('review-batch').click();
      await expect(page.getByTestId('review-line-0')).toBeVisible();
      await check('review');
      await page.getByTestId('review-line-0').click();
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('review-detail')).toBeVisible();
      await check('review with a row open');
      expect(wider).toEqual([]);
    });
  });

for (const locale of ['en-US', 'pt-BR'] as const)
  test.describe(`${locale}, first run`, () => {
    test.use({ locale, showTour: true });

    test("the tour's card and its focused button are inside the window at every step", async ({
      page,
      app: _app,
    }) => {
      const tour = page.getByRole('dialog');
      await expect(tour).toBeVisible();
      const outside: string[] = [];
      for (let step = 1; step <= 4; step += 1) {
        // The card is inside the window; a button below its fold is scrolled to when focused.
        await expect(page.getByTestId('tour-card')).toBeInViewport({ ratio: 1 });
        await expect(page.locator(':focus')).toBeInViewport({ ratio: 1 });
        const focused = await page.evaluate<[number, number] | null>(`(() => {
          const box = document.activeElement?.getBoundingClientRect();
          return box ? [box.top, box.bottom] : null;
        })()`);
        if (!focused || focused[0] < 0 || focused[1] > 320)
          outside.push(`step ${String(step)}: the focus is at ${JSON.stringify(focused)}`);
        if (step < 4) await page.keyboard.press('Enter');
      }
      expect(outside).toEqual([]);
    });
  });
