import { startSandbox } from '../../electron/sandbox';
import { expect, observedResponses, screenshot, test } from './fixtures';

test('saving test credentials puts the password in the keychain and never back in the page', async ({
  page,
  app,
}) => {
  const password = 'Sênha-secreta-9!';
  const service = await startSandbox({ credentials: { username: 'analista', password } });
  try {
    await page.getByRole('button', { name: 'Environments' }).click();
    const card = page.getByTestId('environment-test');
    await card.getByLabel('Base URL').fill(service.url);
    await card.getByRole('button', { name: 'Save address' }).click();
    await card.getByLabel('User name').fill('analista');
    await card.getByLabel('Password').fill(password);
    await card.getByRole('button', { name: 'Save credentials' }).click();
    await expect(card.getByText('Saved in the OS keychain.')).toBeVisible();
    await expect(card.getByLabel('Password')).toHaveValue('');
    await expect(card.getByText('A password is saved in the OS keychain.')).toBeVisible();

    expect(await app.keychain.read('test')).toEqual({
      ok: true,
      value: { username: 'analista', password },
    });

    await card.getByRole('button', { name: 'Test connection' }).click();
    await expect(card.getByRole('status').last()).toContainText('Connected in');
    expect(service.counters().authentications).toBe(1);
    await screenshot(page, 'environments-credentials-saved');

    await page.reload();
    await page.getByRole('button', { name: 'Environments' }).click();
    await expect(page.getByTestId('environment-test').getByLabel('User name')).toHaveValue(
      'analista',
    );
    expect(await page.content()).not.toContain(password);
    const responses = observedResponses(app);
    if (responses) {
      expect(responses.length).toBeGreaterThan(5);
      expect(responses.filter((body) => body.includes(password))).toEqual([]);
    }
  } finally {
    await service.close();
  }
});

test('a wrong password is reported in plain words with the service message', async ({
  page,
  app: _app,
}) => {
  const service = await startSandbox({ credentials: { username: 'analista', password: 'right' } });
  try {
    await page.getByRole('button', { name: 'Environments' }).click();
    const card = page.getByTestId('environment-test');
    await card.getByLabel('Base URL').fill(service.url);
    await card.getByRole('button', { name: 'Save address' }).click();
    await card.getByLabel('User name').fill('analista');
    await card.getByLabel('Password').fill('wrong');
    await card.getByRole('button', { name: 'Save credentials' }).click();
    // Saving clears an earlier test result, so the test follows the save.
    await expect(card.getByText('Saved in the OS keychain.')).toBeVisible();
    await card.getByRole('button', { name: 'Test connection' }).click();
    const alert = card.getByRole('alert');
    await expect(alert).toContainText('The service refused the user name or password.');
    await expect(alert).toContainText('Username or Password is incorrect');
  } finally {
    await service.close();
  }
});

test('a new user name alone is saved with the saved password, and deleting asks first', async ({
  page,
  app,
}) => {
  const password = 'Sênha-secreta-9!';
  const service = await startSandbox({ credentials: { username: 'ana.other', password } });
  try {
    await page.getByRole('button', { name: 'Environments' }).click();
    const card = page.getByTestId('environment-test');
    await card.getByLabel('Base URL').fill(service.url);
    await card.getByRole('button', { name: 'Save address' }).click();
    await card.getByLabel('User name').fill('ana.test');
    await card.getByLabel('Password').fill(password);
    await card.getByRole('button', { name: 'Save credentials' }).click();
    await expect(card.getByText('Saved in the OS keychain.')).toBeVisible();
    await card.getByRole('button', { name: 'Test connection' }).click();
    await expect(card.getByRole('alert')).toContainText(
      'The service refused the user name or password.',
    );

    // Only the user name changes: the password field stays empty.
    await card.getByLabel('User name').fill('ana.other');
    // The earlier result was about the old user name: it goes as soon as the fields change.
    await expect(card.getByRole('alert')).toHaveCount(0);
    await card.getByRole('button', { name: 'Save credentials' }).click();
    await expect(card.getByText('Saved in the OS keychain.')).toBeVisible();
    expect(await app.keychain.read('test')).toEqual({
      ok: true,
      value: { username: 'ana.other', password },
    });
    await card.getByRole('button', { name: 'Test connection' }).click();
    await expect(card.getByRole('status').last()).toContainText('Connected in');
    await card.getByLabel('User name').fill('ana.third');
    await expect(card.getByText('Connected in')).toHaveCount(0);

    await page.reload();
    await page.getByRole('button', { name: 'Environments' }).click();
    const reloaded = page.getByTestId('environment-test');
    await expect(reloaded.getByLabel('User name')).toHaveValue('ana.other');

    // Deleting asks first; cancelling keeps them.
    await reloaded.getByRole('button', { name: 'Delete credentials' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete the Test credentials?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect(await app.keychain.read('test')).toMatchObject({ value: { username: 'ana.other' } });
    await reloaded.getByRole('button', { name: 'Delete credentials' }).click();
    await dialog.getByRole('button', { name: 'Delete credentials' }).click();
    await expect(reloaded.getByText('No credentials saved yet.')).toBeVisible();
    expect(await app.keychain.read('test')).toEqual({ ok: true, value: null });

    // Without credentials the test says where to save them: this very screen.
    await reloaded.getByRole('button', { name: 'Test connection' }).click();
    await expect(reloaded.getByRole('alert')).toContainText('save them here, in Environments');
  } finally {
    await service.close();
  }
});

test('a refused sign-in says so once, then gives the detail', async ({ page, app: _app }) => {
  const service = await startSandbox({ credentials: { username: 'analista', password: 'right' } });
  try {
    await page.getByRole('button', { name: 'Environments' }).click();
    const card = page.getByTestId('environment-test');
    await card.getByLabel('Base URL').fill(service.url);
    await card.getByRole('button', { name: 'Save address' }).click();
    await card.getByLabel('User name').fill('analista');
    await card.getByLabel('Password').fill('wrong');
    await card.getByRole('button', { name: 'Save credentials' }).click();
    // Saving clears an earlier test result, so the test follows the save.
    await expect(card.getByText('Saved in the OS keychain.')).toBeVisible();
    await card.getByRole('button', { name: 'Test connection' }).click();
    const alert = card.getByRole('alert');
    await expect(alert).toContainText('Username or Password is incorrect');
    const text = await alert.innerText();
    expect(text.split('The service refused the user name or password.').length - 1).toBe(1);
  } finally {
    await service.close();
  }
});
