/**
 * The credentials and address forms check what they can themselves, in the analyst's words: a
 * user name of spaces, or one, a password or an address past the app's limits, never reaches the
 * core's "The request to credentials.save is not valid. username: Too small…". And an error
 * about what a field held before goes once the field changes.
 */
import { expect, test } from './fixtures';

for (const language of ['en', 'pt-BR'] as const)
  test(`a user name of spaces is refused by the form, and the fields keep to the limits (${language})`, async ({
    page,
    app,
  }) => {
    await app.call('settings.update', { language });
    await page.reload();
    await page.locator('nav').first().getByRole('button').nth(6).click();
    const card = page.getByTestId('environment-test');
    const forms = card.locator('form');
    const user = forms.nth(1).locator('input').first();
    const password = forms.nth(1).locator('input[type=password]');
    await user.fill('   ');
    await password.fill('segredo');
    await forms.nth(1).locator('button[type=submit]').click();
    const problem = forms.nth(1).getByTestId('credentials-problem');
    await expect(problem).toHaveText(
      language === 'en'
        ? 'Type a user name: spaces alone are not one.'
        : 'Digite um usuário: só espaços não formam um.',
    );
    await expect(user).toBeFocused();
    await expect(user).toHaveAttribute('aria-invalid', 'true');
    await expect(card).not.toContainText('credentials.save');
    const stored = await app.keychain.read('test');
    expect(stored.ok ? stored.value : null).toBeNull();

    // The limits the core holds, held by the fields too.
    await expect(user).toHaveAttribute('maxlength', '256');
    await expect(password).toHaveAttribute('maxlength', '1024');
    await expect(forms.first().locator('input[type=url]')).toHaveAttribute('maxlength', '2048');

    // A user name with spaces around it is saved without them.
    await user.fill('  analista  ');
    await expect(problem).toHaveCount(0);
    await forms.nth(1).locator('button[type=submit]').click();
    await expect
      .poll(async () => {
        const read = await app.keychain.read('test');
        return read.ok ? read.value?.username : null;
      })
      .toBe('analista');
  });

test('an address error goes once the address changes, even to one the browser refuses', async ({
  page,
  app: _app,
}) => {
  await page.getByRole('button', { name: 'Environments' }).click();
  const card = page.getByTestId('environment-test');
  await card.getByLabel('Base URL').fill('http://example.com');
  await card.getByRole('button', { name: 'Save address' }).click();
  await expect(card.getByRole('alert')).toContainText('plain http is allowed only for 127.0.0.1');
  await card.getByLabel('Base URL').fill('https://host:99999');
  await card.getByRole('button', { name: 'Save address' }).click();
  await expect(card.getByRole('alert')).toHaveCount(0);
});
