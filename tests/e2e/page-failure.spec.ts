/**
 * A screen whose code cannot be loaded (the web host restarted, a reload cut its download) says so
 * in its place, while the header and the other screens go on. React left the whole window blank
 * before, and a test run saw the failure as the page's uncaught error.
 */
import { expect, test } from './fixtures';
import { hostName } from './hosts/app';

test.skip(hostName === 'electron', "The app loads its screens' code from disk, never over HTTP.");

test('a screen whose code did not load says so, and the window goes on', async ({
  page,
  app: _app,
}) => {
  await page.route('**/assets/environments-page-*.js', (route) => route.abort());
  await page.reload();
  await page.getByRole('button', { name: 'Environments', exact: true }).click();
  await expect(page.getByTestId('page-failure')).toContainText(
    'This screen could not be shown: its code did not load, or it failed.',
  );
  await expect(page.getByRole('button', { name: 'Reload the window' })).toBeVisible();
  await page.getByRole('button', { name: 'Batches', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Batches', level: 2 })).toBeVisible();
});
