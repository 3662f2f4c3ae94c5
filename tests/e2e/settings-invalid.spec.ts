/**
 * Save with a field that cannot be used did nothing and said nothing. Now focus goes to the first
 * such field, whose error is then read (aria-describedby), and an alert says nothing was saved.
 */
import { expect, test } from './fixtures';
import { call } from './steps/core';

test('Save with an invalid number focuses the field and says nothing was saved', async ({
  page,
  app,
}) => {
  await page.getByRole('button', { name: 'Settings' }).click();
  const field = page.getByLabel('Requests at once (1 to 64)');
  await field.fill('abc');
  await page.getByLabel('Largest spreadsheet, in rows').fill('x');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription('Type a whole number from 1 to 64.');
  await expect(page.getByTestId('settings-not-saved')).toHaveText(
    'Not saved: 2 fields need a fix. Each says what it takes.',
  );
  await expect(page.getByTestId('settings-not-saved')).toHaveAttribute('role', 'alert');
  expect((await call<{ concurrency: number }>(app, 'settings.get', {})).concurrency).toBe(8);

  // Fixed: the alert goes, and Save saves.
  await field.fill('4');
  await page.getByLabel('Largest spreadsheet, in rows').fill('1000');
  await expect(page.getByTestId('settings-not-saved')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  expect((await call<{ concurrency: number }>(app, 'settings.get', {})).concurrency).toBe(4);
});
