/**
 * A filter field that cannot be used says why beside it, and the screen never looks filtered
 * when it is not: a notice says the filter is not applied, and the exports and the report wait
 * until it is corrected. An Insight code is taken as an analyst types it (`dev0003,`).
 */
import type { Page } from '@playwright/test';
import { sandboxAnswer } from '../../electron/sandbox';
import { sampleTransaction } from '../support/transactions';
import { expect, test } from './fixtures';
import { analystCsv } from './steps/import-run';

const rows = Array.from({ length: 300 }, (_, n) => sampleTransaction(n));
const withDev0003 = rows.filter((row) => {
  const answer = sandboxAnswer(row);
  return answer.status === 200 && (answer.body.insights as string[]).includes('DEV0003');
}).length;

async function importAndRun(page: Page, importLabel: string): Promise<void> {
  await page.getByRole('button', { name: importLabel, exact: true }).click();
  await page.getByTestId('import-file-input').setInputFiles({
    name: 'pedidos.csv',
    mimeType: 'text/csv',
    buffer: analystCsv(rows),
  });
  await expect(page.getByTestId('total-valid').locator('dd')).toHaveAttribute(
    'data-value',
    String(rows.length),
  );
  await page.getByTestId('run-lookups').click();
  await expect(page.getByTestId('run-state')).toHaveAttribute('data-state', 'finished', {
    timeout: 30_000,
  });
}

/** The text the field points at with aria-describedby: what a screen reader says with it. */
async function describedBy(page: Page, testId: string): Promise<string> {
  const ids = await page.getByTestId(testId).getAttribute('aria-describedby');
  expect(ids).not.toBeNull();
  return page.locator(`[id="${ids ?? ''}"]`).innerText();
}

const held = ['export-csv', 'export-xlsx', 'report-from-results'];

test('an Insight code filter says why it cannot be used, and nothing looks filtered', async ({
  page,
  app: _app,
}) => {
  expect(withDev0003).toBeGreaterThan(0);
  await importAndRun(page, 'Import');
  const insight = page.getByTestId('filter-insight');

  await insight.fill('DEV0003 GER0001');
  await expect(insight).toHaveAttribute('aria-invalid', 'true');
  expect(await describedBy(page, 'filter-insight')).toBe(
    'Filter on one Insight code at a time, such as DEV0003.',
  );
  await expect(page.getByTestId('filter-not-applied')).toContainText('not applied');
  for (const testId of held) await expect(page.getByTestId(testId)).toBeDisabled();

  await insight.fill('dev-0003');
  expect(await describedBy(page, 'filter-insight')).toBe(
    'An Insight code is letters and digits only, such as DEV0003.',
  );

  // What an analyst pastes from a list: lower case, a trailing comma.
  await insight.fill('dev0003,');
  await expect(insight).toHaveAttribute('aria-invalid', 'false');
  await expect(page.getByTestId('results-count')).toHaveAttribute(
    'data-value',
    String(withDev0003),
  );
  await expect(page.getByTestId('filter-not-applied')).toHaveCount(0);
  for (const testId of held) await expect(page.getByTestId(testId)).toBeEnabled();

  // Every field that can be invalid holds the exports the same way.
  await page.getByTestId('filter-score-min').fill('abc');
  await expect(page.getByTestId('filter-not-applied')).toBeVisible();
  for (const testId of held) await expect(page.getByTestId(testId)).toBeDisabled();
});

test.describe('in Portuguese', () => {
  test.use({ locale: 'pt-BR' });

  test('the reasons and the notice are in Portuguese', async ({ page, app: _app }) => {
    await importAndRun(page, 'Importar');
    await page.getByTestId('filter-insight').fill('DEV0003, GER0001');
    expect(await describedBy(page, 'filter-insight')).toBe(
      'Filtre por um código de insight de cada vez, como DEV0003.',
    );
    await expect(page.getByTestId('filter-not-applied')).toContainText('não está aplicado');
    await page.getByTestId('filter-alert-min').fill('-1');
    await page.getByTestId('filter-insight').fill('');
    await expect(page.getByTestId('filter-not-applied')).toBeVisible();
    for (const testId of held) await expect(page.getByTestId(testId)).toBeDisabled();
  });
});
