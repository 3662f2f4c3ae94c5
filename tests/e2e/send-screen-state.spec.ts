/**
 * The Send outcomes screen stays mounted while the analyst visits other sections: what it shows
 * must still be true when they come back: a send's result belongs to the environment it went to.
 */
import { expect, test } from './fixtures';
import { openSendOutcomes } from './steps/send';

test('a send’s result in one environment is not shown in another', async ({ page, app }) => {
  await app.call('settings.update', { activeEnvironment: 'production' });
  await page.reload();
  await openSendOutcomes(page);
  const disk = page.getByTestId('disk-panel');
  await disk.getByTestId('disk-file-input').setInputFiles({
    name: 'producao.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      ['ID Transacional;DeviceId;Resultado', 'tx-prod-1;dev-0123456789abcdef0123;Suspeito'].join(
        '\r\n',
      ),
    ),
  });
  await disk.getByTestId('allow-unseen-devices').check();
  await disk.getByTestId('send-disk').click();
  const dialog = disk.getByTestId('confirm-production-upload');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(disk.getByTestId('send-cancelled')).toHaveText('Nothing was sent.');

  // Sandbox made active from the Environments screen; the send screen was never unmounted.
  await page.getByRole('button', { name: 'Environments', exact: true }).click();
  await page.getByTestId('environment-sandbox').locator('header').getByRole('button').click();
  await expect(page.getByTestId('environment-sandbox').locator('header .pill')).toBeVisible();
  await openSendOutcomes(page);
  await expect(disk.getByTestId('send-cancelled')).toHaveCount(0);
});
