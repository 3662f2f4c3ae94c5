/**
 * The keyboard: `?` or Ctrl+/ lists every shortcut in an accessible dialog that Escape closes,
 * Ctrl+O goes to Import and opens the file chooser, Ctrl+digit moves between sections.
 */
import { expect, test } from './fixtures';
import { hostName } from './hosts/app';

test.skip(hostName === 'electron', 'The file chooser is observed through the web host page.');

test('the shortcut list, Ctrl+O to import, Ctrl+digit to move between sections', async ({
  page,
  app,
}) => {
  // The `app` fixture starts the app and opens the page on it.
  expect(app.host).toBe('web');
  const nav = (name: string) => page.getByRole('button', { name, exact: true });
  await nav('Settings').click();

  await page.keyboard.press('Control+/');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Import a spreadsheet…');
  await expect(dialog.locator('[data-command="go.review"]')).toContainText('Ctrl+3');
  // The review queue's keys are listed too.
  await expect(dialog.getByTestId('review-keys')).toContainText('Enter');
  // Focus stays in the dialog: Tab cannot reach the page behind it.
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  expect(
    await page.evaluate<boolean>(
      'document.querySelector(\'[data-testid="shortcuts-dialog"]\').contains(document.activeElement) || document.activeElement === document.body',
    ),
  ).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // `?` opens it too, but is text while typing.
  await page.keyboard.press('?');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await nav('Search').click();
  await page.getByTestId('search-input').fill('a?');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('search-input')).toHaveValue('a?');

  await page.getByTestId('search-input').blur();
  await page.keyboard.press('Control+3');
  await expect(nav('Review')).toHaveAttribute('aria-current', 'page');

  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Control+o');
  await chooser;
  await expect(nav('Import')).toHaveAttribute('aria-current', 'page');
});

test('the shortcut list speaks Brazilian Portuguese', async ({ page, app }) => {
  const changed = await app.call('settings.update', { language: 'pt-BR' });
  expect(changed.ok).toBe(true);
  await page.reload();
  await page.keyboard.press('Control+/');
  const dialog = page.getByRole('dialog', { name: 'Atalhos de teclado' });
  await expect(dialog).toContainText('Importar uma planilha…');
  await expect(dialog).toContainText('No macOS, ⌘ faz o papel de Ctrl.');
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expect(dialog).toBeHidden();
});
