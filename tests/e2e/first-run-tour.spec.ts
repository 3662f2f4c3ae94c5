/**
 * The first run: the guided tour opens by itself once, is driven by keyboard, stays closed after
 * the app restarts and can be shown again; the sample spreadsheet goes through the whole import
 * flow; Portuguese comes from the OS locale.
 */
import type { Locator, Page } from '@playwright/test';
import { sampleProblems, sampleRowCount } from '../../scripts/sample-rows';
import { expect, screenshot, test, type App } from './fixtures';

const stops = [
  { title: 'Import a spreadsheet', nav: 'Import' },
  { title: 'Run the lookups', nav: 'Batches' },
  { title: 'Review the cases', nav: 'Review' },
  { title: 'Send the outcomes', nav: 'Send outcomes' },
];

/** The tour's card points at the navigation button: its arrow lies over the button, just below. */
async function expectPointingAt(page: Page, nav: string) {
  const button = await page
    .getByRole('navigation')
    .getByRole('button', { name: nav, exact: true, includeHidden: true })
    .boundingBox();
  const card = await page.getByTestId('tour-card').boundingBox();
  const arrow = await page.getByTestId('tour-card').locator('.tour-arrow').boundingBox();
  if (!button || !card || !arrow) throw new Error('The tour or its target is not laid out.');
  const arrowCentre = arrow.x + arrow.width / 2;
  expect(arrowCentre).toBeGreaterThan(button.x);
  expect(arrowCentre).toBeLessThan(button.x + button.width);
  expect(card.y).toBeGreaterThan(button.y + button.height);
}

async function expectStop(page: Page, tour: Locator, index: number) {
  const stop = stops[index]!;
  await expect(tour).toHaveAccessibleName(stop.title);
  await expect(tour).toHaveAccessibleDescription(new RegExp(`^Step ${String(index + 1)} of 4`));
  await expectPointingAt(page, stop.nav);
}

async function storedTourDismissed(app: App): Promise<unknown> {
  const settings = await app.call('settings.get', {});
  return settings.ok ? (settings.value as { tourDismissed: boolean }).tourDismissed : settings;
}

test.describe('the guided tour of a first run', () => {
  test.use({ showTour: true });

  test('opens by itself, is stepped through by keyboard, closes with Escape and stays closed after a restart', async ({
    page,
    app,
  }) => {
    const tour = page.getByRole('dialog');
    await expect(tour).toBeVisible();
    await expectStop(page, tour, 0);
    await expect(tour).toContainText('The sandbox is active');
    const next = tour.getByRole('button', { name: 'Next' });
    await expect(next).toBeFocused();
    await screenshot(page, 'tour-step-1');

    await page.keyboard.press('Enter');
    await expectStop(page, tour, 1);
    await page.keyboard.press('Shift+Tab');
    await expect(tour.getByRole('button', { name: 'Back' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expectStop(page, tour, 0);
    // Back is gone on the first step: focus came back to Next rather than being lost.
    await expect(next).toBeFocused();
    for (const index of [1, 2, 3]) {
      await page.keyboard.press('Enter');
      await expectStop(page, tour, index);
    }
    await expect(tour.getByRole('button', { name: 'Finish' })).toBeFocused();
    await expect(tour.getByRole('button', { name: 'Skip tour' })).toHaveCount(0);
    await screenshot(page, 'tour-step-4');

    await page.keyboard.press('Escape');
    await expect(tour).toHaveCount(0);
    // Nothing had focus before the tour: it goes to the button that shows the tour again.
    await expect(page.getByRole('button', { name: 'Show the tour' })).toBeFocused();
    await expect.poll(() => storedTourDismissed(app)).toBe(true);

    await app.restart();
    // The sample offer waits for the settings, as the tour does: once it shows, the tour would have.
    await expect(page.getByTestId('sample-offer')).toBeVisible();
    await expect(page.getByTestId('tour')).toHaveCount(0);

    await page.getByRole('button', { name: 'Show the tour' }).click();
    await expectStop(page, tour, 0);
    await tour.getByRole('button', { name: 'Skip tour' }).click();
    await expect(tour).toHaveCount(0);
    expect(await storedTourDismissed(app)).toBe(true);
  });

  test('leaves the app usable when skipped at once', async ({ page, app }) => {
    await page.getByRole('dialog').getByRole('button', { name: 'Skip tour' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('button', { name: 'Environments' }).click();
    await expect(page.getByTestId('environment-sandbox')).toBeVisible();
    await expect.poll(() => storedTourDismissed(app)).toBe(true);
  });
});

test.describe('the tour in Portuguese', () => {
  test.use({ locale: 'pt-BR', showTour: true });

  test('follows the OS locale', async ({ page, app: _app }) => {
    const tour = page.getByRole('dialog');
    await expect(tour).toHaveAccessibleName('Importe uma planilha');
    await expect(tour).toContainText('Passo 1 de 4');
    await expect(tour).toContainText('O sandbox está ativo');
    await tour.getByRole('button', { name: 'Próximo' }).click();
    await expect(tour).toHaveAccessibleName('Execute as consultas');
    await expect(tour.getByRole('button', { name: 'Voltar' })).toBeVisible();
    await screenshot(page, 'tour-pt-BR');
    await tour.getByRole('button', { name: 'Pular o tour' }).click();
    await expect(tour).toHaveCount(0);
    await expect(
      page.getByRole('button', { name: 'Experimentar com a planilha de exemplo' }),
    ).toBeVisible();
  });
});

test('the sample spreadsheet goes through the import flow and the run in the sandbox', async ({
  page,
  app: _app,
}) => {
  const total = (name: string) => page.getByTestId(`total-${name}`).locator('dd');
  await page.getByRole('button', { name: 'Try with the sample spreadsheet' }).click();
  await expect(page.getByTestId('file-summary')).toContainText('sample-transactions.xlsx');
  await expect(total('rows')).toHaveAttribute('data-value', String(sampleRowCount));
  await expect(total('valid')).toHaveAttribute('data-value', '37');
  await expect(total('invalid')).toHaveAttribute('data-value', '3');
  await expect(total('duplicates')).toHaveAttribute('data-value', '0');
  await expect(total('padded')).toHaveAttribute('data-value', '0');
  expect(Object.keys(sampleProblems)).toEqual(['8', '20', '33']);
  await expect(page.getByTestId('problem-row-8')).toContainText('CPF: check digits do not match');
  await expect(page.getByTestId('problem-row-20')).toContainText('Session ID');
  await expect(page.getByTestId('problem-row-33')).toContainText('E-mail');
  // Loaded: the offer gives way to the file.
  await expect(page.getByTestId('sample-offer')).toHaveCount(0);
  await screenshot(page, 'import-sample');

  await page.getByTestId('run-lookups').click();
  await expect(page.getByTestId('batch-title')).toHaveText('sample-transactions.xlsx');
  await expect(page.getByTestId('run-state')).toHaveAttribute('data-state', 'finished', {
    timeout: 30_000,
  });
  const count = (name: string) => page.getByTestId(`count-${name}`).locator('dd');
  await expect(count('total')).toHaveAttribute('data-value', String(sampleRowCount));
  await expect(count('invalid')).toHaveAttribute('data-value', '3');
  await expect(count('failed')).toHaveAttribute('data-value', '0');
});

test('the sample is offered only in the sandbox', async ({ page, app }) => {
  await expect(page.getByTestId('sample-offer')).toBeVisible();
  const switched = await app.call('environments.activate', { environment: 'production' });
  expect(switched.ok).toBe(true);
  await page.reload();
  await expect(page.getByTestId('environment-badge')).toHaveText('Environment: Production');
  await expect(page.getByTestId('sample-offer')).toHaveCount(0);
});
