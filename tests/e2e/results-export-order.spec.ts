/**
 * A batch's exports follow its results screen: the rows of the filter, in the order of the sort
 * the analyst chose, in the CSV and the XLSX alike.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { ResultPage } from '../../shared/contract/results';
import { readSpreadsheet } from '../../shared/spreadsheet';
import { sampleTransaction } from '../support/transactions';
import { expect, test, type App } from './fixtures';
import { call, finishedBatch } from './steps/core';

function rowsOf(count: number, from = 1200) {
  return Array.from({ length: count }, (_, index) => {
    const { externalID, sessionID, cpf, email, zipCode } = sampleTransaction(from + index);
    return { row: index + 2, raw: { sessionID, externalID, cpf, email, zipCode }, notes: [] };
  });
}

/** The cells of a downloaded file, header first. */
async function downloaded(app: App, page: Page, testId: string): Promise<string[][]> {
  const file = await app.download(() => page.getByTestId(testId).click());
  const read = readSpreadsheet(
    new Uint8Array(await readFile(await file.path())),
    file.suggestedFilename(),
  );
  if (!read.ok) throw new Error(read.problem.message);
  return read.value.rows.map((row) => row.map((cell) => cell?.text ?? ''));
}

test('exports list the filtered rows in the order the table shows them', async ({ page, app }) => {
  const batchId = await finishedBatch(app, {
    sourceName: 'ordem.csv',
    sourceSha256: 'e'.repeat(64),
    rows: rowsOf(60),
  });
  await page.getByRole('button', { name: 'Batches', exact: true }).click();
  await page.getByTestId(`open-batch-${batchId}`).click();
  await expect(page.getByTestId('run-panel')).toBeVisible();

  const filter = { statuses: ['ok'] };
  await page.getByTestId('filter-status-ok').check();
  await page.getByTestId('sort-score').click();
  await page.getByTestId('sort-score').click();
  await expect(page.getByTestId('sort-score')).toContainText('▼');

  const expected = await call<ResultPage>(app, 'results.page', {
    batchId,
    filter,
    sort: 'score',
    direction: 'desc',
    offset: 0,
    limit: 500,
  });
  expect(expected.rows.length).toBeGreaterThan(2);
  const table = page.getByTestId('results-table');
  await expect(table.locator('[data-testid^="result-row-"]').first()).toHaveAttribute(
    'data-testid',
    `result-row-${String(expected.rows[0]!.seq)}`,
  );
  const order = expected.rows.map((row) => String(row.row));
  // The input order differs, or the test would prove nothing.
  expect([...order].sort((a, b) => Number(a) - Number(b))).not.toEqual(order);

  for (const testId of ['export-csv', 'export-xlsx']) {
    const [header, ...lines] = await downloaded(app, page, testId);
    const column = header!.indexOf('Row');
    expect(lines.map((line) => line[column])).toEqual(order);
  }
});
