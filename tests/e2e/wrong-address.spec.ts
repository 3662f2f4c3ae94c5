/**
 * The web host makes a new secret at each start, and checks the host name the page was opened at:
 * a tab left open across a restart, an address typed without its `#secret=…`, or `localhost` in
 * place of 127.0.0.1 are refused. The window says so, and what to open, in place of the whole
 * app; never the service's "This account has no permission for that" on every screen.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { Core } from '../../electron/core/create-core';
import { createKeychainStore } from '../../electron/core/credentials/keychain';
import { startWebHost, type WebHost } from '../../electron/webhost/server';
import { hostName, keychainServiceName, startCore } from './hosts/app';

test.skip(hostName === 'electron', 'The address and its secret are the web host’s own.');

let dataDir = '';
let core: Core;
let host: WebHost;

test.beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'dcdesk-e2e-address-'));
  const keychain = createKeychainStore({ service: keychainServiceName(test.info().workerIndex) });
  core = await startCore(dataDir, keychain);
  const dismissed = await core.call('settings.update', { tourDismissed: true });
  if (!dismissed.ok) throw new Error(dismissed.error.message);
  host = await startWebHost({ core, rendererDir: 'dist/renderer' });
});

test.afterEach(async () => {
  await host.close();
  await core.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The whole window is the explanation: no sections, no environment, no service error. */
async function expectRefusedWindow(page: Page, title: string, hint: RegExp): Promise<void> {
  const refused = page.getByTestId('wrong-address');
  await expect(refused.getByRole('heading', { name: title })).toBeVisible();
  await expect(refused).toContainText(hint);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByTestId('environment-badge')).toHaveCount(0);
  await expect(page.getByText('This account has no permission for that.')).toHaveCount(0);
  await expect(page.getByText('Esta conta não tem permissão para isso.')).toHaveCount(0);
  await expect(page.getByTestId('core-lost')).toHaveCount(0);
}

const english = {
  title: 'This window’s address is out of date or not the one the web host printed',
  hint: /open the address that `npm start` \(or `npm run dev:web`\) printed/i,
};

test('a tab left open across a restart of the web host says its address is out of date', async ({
  page,
}) => {
  await page.goto(host.url);
  await expect(page.getByTestId('environment-badge')).toHaveText('Environment: Sandbox');

  // Stopped and started again on the same port, as `npm start` twice with PORT set: a new secret.
  const port = new URL(host.origin).port;
  await host.close();
  host = await startWebHost({ core, rendererDir: 'dist/renderer', port: Number(port) });
  await page.reload();

  await expectRefusedWindow(page, english.title, english.hint);
  await expect(page.getByTestId('wrong-address')).toContainText('restarted');
});

test('the address without its #secret part is refused with the same explanation', async ({
  page,
}) => {
  await page.goto(`${host.origin}/`);
  await expectRefusedWindow(page, english.title, english.hint);
});

test('localhost in place of 127.0.0.1 is refused with the same explanation', async ({ page }) => {
  await page.goto(host.url.replace('127.0.0.1', 'localhost'));
  await expectRefusedWindow(page, english.title, english.hint);
  await expect(page.getByTestId('wrong-address')).toContainText('localhost');
});

test.describe('in Portuguese', () => {
  test.use({ locale: 'pt-BR' });

  test('the refused window explains in Portuguese', async ({ page }) => {
    await page.goto(`${host.origin}/`);
    await expectRefusedWindow(
      page,
      'O endereço desta janela está desatualizado ou não é o que o web host mostrou',
      /abra o endereço que o `npm start` \(ou `npm run dev:web`\) mostrou/i,
    );
  });
});
