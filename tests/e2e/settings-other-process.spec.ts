import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from './fixtures';

const run = promisify(execFile);
/** The installed entry point, as a user runs it (built by `node scripts/build.mjs cli`). */
const binPath = new URL('../../bin/dcdesk.mjs', import.meta.url).pathname;

/**
 * `dcdesk settings set` while the app is open (issue O-2): the README says the settings are the
 * app's, so the open Settings screen follows without a reload, and what the core does next (an
 * export's separator) uses the new value.
 */
test('settings another process stores reach the open window', async ({ page, app }) => {
  await page.getByRole('button', { name: 'Settings' }).click();
  const separator = page.getByTestId('settings-separator');
  await expect(separator).toHaveValue(',');
  // An unsaved edit elsewhere on the form stays as typed.
  await page.getByLabel('Keep batches for (days)').fill('45');

  await run(process.execPath, [binPath, 'settings', 'set', 'responseSeparator', ';'], {
    env: { ...process.env, DCDESK_DATA_DIR: app.dataDir },
  });

  await expect(separator).toHaveValue(';', { timeout: 10_000 });
  await expect(page.getByLabel('Keep batches for (days)')).toHaveValue('45');
  const read = await app.call('settings.get', {});
  expect(read).toMatchObject({ ok: true, value: { responseSeparator: ';' } });
});
