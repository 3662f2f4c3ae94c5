/**
 * Issue 14, item 9: no text cut without saying so, and no header wrapping, on every screen with
 * data, at the smallest supported window (1024×640) and a large one (1920×1080), in English and
 * in Portuguese (whose words are longer). See steps/overflow.ts for what counts as cut.
 */
import type { Page } from '@playwright/test';
import { sampleTransaction } from '../support/transactions';
import { expect, test } from './fixtures';
import { analystCsv } from './steps/import-run';
import { findOverflows, type Overflow } from './steps/overflow';

const rows = Array.from({ length: 30 }, (_, n) => sampleTransaction(n));
const file = {
  name: 'pedidos-de-novembro-conferidos.csv',
  mimeType: 'text/csv',
  buffer: analystCsv(rows),
};

const section = (page: Page, index: number) =>
  page.getByRole('navigation').first().getByRole('button').nth(index);

const sizes = [
  { width: 1024, height: 640 },
  { width: 1920, height: 1080 },
] as const;

for (const locale of ['en-US', 'pt-BR'] as const)
  for (const viewport of sizes)
    test.describe(`${locale}, ${String(viewport.width)}×${String(viewport.height)}`, () => {
      test.use({ locale, viewport });

      test('no text overflows its box on any screen', async ({ page, app: _app }) => {
        test.setTimeout(120_000);
        const found: Overflow[] = [];

        await section(page, 0).click();
        await page.getByTestId('import-file-input').setInputFiles(file);
        await expect(page.getByTestId('total-valid').locator('dd')).toHaveAttribute(
          'data-value',
          String(rows.length),
        );
        found.push(...(await findOverflows(page, 'import')));

        await page.getByTestId('run-lookups').click();
        await expect(page.getByTestId('run-state')).toHaveAttribute('data-state', 'finished', {
          timeout: 30_000,
        });
        found.push(...(await findOverflows(page, 'batch results')));
        await page
          .getByTestId('results-table')
          .locator('[data-testid^="result-row-"]')
          .first()
          .getByRole('button')
          .first()
          .click();
        await expect(page.getByTestId('detail-answer')).toBeVisible();
        found.push(...(await findOverflows(page, 'result detail')));

        await page.getByTestId('review-batch').click();
        await expect(page.getByTestId('review-count')).toHaveAttribute(
          'data-value',
          String(rows.length),
        );
        found.push(...(await findOverflows(page, 'review')));

        for (const [index, name] of [
          [1, 'batches'],
          [3, 'send outcomes'],
          [4, 'report'],
          [5, 'search'],
          [6, 'environments'],
          [7, 'settings'],
        ] as const) {
          await section(page, index).click();
          await expect(page.locator('main h2:visible').first()).toBeVisible();
          found.push(...(await findOverflows(page, name)));
        }

        await test.info().attach('overflows.json', {
          body: JSON.stringify(found, null, 1),
          contentType: 'application/json',
        });
        expect(found).toEqual([]);
      });
    });
