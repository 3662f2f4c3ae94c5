import { expect, screenshot, test } from './fixtures';

test.describe('a fresh install', () => {
  test('starts in the sandbox and reaches it with no credentials', async ({ page, app: _app }) => {
    await expect(page.getByTestId('environment-badge')).toHaveText('Environment: Sandbox');
    await expect(page.getByText('Sandbox — answers are simulated on this computer')).toBeVisible();
    await screenshot(page, 'first-run-import');

    await page.getByRole('button', { name: 'Environments' }).click();
    const sandbox = page.getByTestId('environment-sandbox');
    await expect(sandbox.getByText('Active')).toBeVisible();
    await sandbox.getByRole('button', { name: 'Test connection' }).click();
    await expect(sandbox.getByRole('status')).toContainText(
      /Connected in \d+ ms\. The token expires at .* \(as the service said\)/,
    );
    await screenshot(page, 'environments');
  });

  test('marks production clearly whenever it is active', async ({ page, app: _app }) => {
    await page.getByRole('button', { name: 'Environments' }).click();
    await expect(page.getByTestId('production-banner')).toHaveCount(0);
    await page.getByRole('button', { name: 'Use Production' }).click();
    await expect(page.getByTestId('production-banner')).toHaveText(
      'PRODUCTION — lookups and uploads go to the real service',
    );
    await expect(page.getByTestId('environment-badge')).toHaveText('Environment: Production');
    await screenshot(page, 'production-active');
  });
});

test.describe('language', () => {
  test.use({ locale: 'pt-BR' });

  test('follows the OS locale, and the setting overrides it', async ({ page, app: _app }) => {
    await expect(page.getByRole('button', { name: 'Importar' })).toBeVisible();
    await page.getByRole('button', { name: 'Configurações' }).click();
    await page.getByLabel('Idioma').selectOption('en');
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Import' })).toBeVisible();
    await screenshot(page, 'settings');
  });
});
