/**
 * Two things an analyst met with a real spreadsheet: a batch whose rows were all looked up
 * recently ends at once, and its screen must say so at once; and a score typed with a decimal
 * comma in Portuguese filters the rows instead of becoming `08`.
 */
import type { Page } from '@playwright/test';
import { sandboxAnswer } from '../../electron/sandbox';
import { sampleTransaction } from '../support/transactions';
import { expect, test } from './fixtures';
import { analystCsv } from './steps/import-run';

const rows = Array.from({ length: 5000 }, (_, n) => sampleTransaction(n));
const file = { name: 'pedidos.csv', mimeType: 'text/csv', buffer: analystCsv(rows) };

async function importFile(page: Page, importLabel: string): Promise<void> {
  await page.getByRole('button', { name: importLabel, exact: true }).click();
  await page.getByTestId('import-file-input').setInputFiles(file);
  await expect(page.getByTestId('total-valid').locator('dd')).toHaveAttribute(
    'data-value',
    String(rows.length),
  );
}

async function runAndWaitForTheEnd(page: Page): Promise<void> {
  await page.getByTestId('run-lookups').click();
  await expect(page.getByTestId('run-state')).toHaveAttribute('data-state', 'finished', {
    timeout: 30_000,
  });
}

test('a batch whose rows are all reused shows Finished as soon as it ends', async ({
  page,
  app: _app,
}) => {
  await importFile(page, 'Import');
  await runAndWaitForTheEnd(page);

  await importFile(page, 'Import');
  await page.getByTestId('skip-recent').check();
  await page.getByTestId('run-lookups').click();
  await expect(page.getByTestId('run-panel')).toBeVisible({ timeout: 15_000 });
  // Every row is reused, so the core ends the run before it answers the request to start it.
  // The screen must not keep the "running" answer over the end it was already told of.
  await expect(page.getByTestId('run-state')).toHaveAttribute('data-state', 'finished', {
    timeout: 1_000,
  });
  await expect(page.getByTestId('run-rate')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pause' })).toHaveCount(0);
});

test.describe('in Portuguese', () => {
  test.use({ locale: 'pt-BR' });

  test('a score with a decimal comma filters, and an unusable one says why', async ({
    page,
    app: _app,
  }) => {
    await importFile(page, 'Importar');
    await runAndWaitForTheEnd(page);
    const atLeast = rows.filter((row) => {
      const answer = sandboxAnswer(row);
      return answer.status === 200 && (answer.body.score as number) >= 0.8;
    }).length;
    expect(atLeast).toBeGreaterThan(0);

    const scoreMin = page.getByTestId('filter-score-min');
    await scoreMin.pressSequentially('0,8');
    await expect(scoreMin).toHaveValue('0,8');
    await expect(page.getByTestId('results-count')).toHaveAttribute('data-value', String(atLeast));
    await expect(page.getByTestId('filter-score-min-error')).toHaveCount(0);

    await scoreMin.clear();
    await scoreMin.pressSequentially('0,8,1');
    await expect(scoreMin).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('filter-score-min-error')).toHaveText(
      'Digite um número de 0 a 1; 0,5 e 0.5 valem igualmente.',
    );
    await expect(page.getByTestId('results-count')).toHaveAttribute(
      'data-value',
      String(rows.length),
    );
  });
});
