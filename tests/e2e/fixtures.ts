import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { createCore, type Core } from '../../electron/core/api';
import {
  createKeychainStore,
  type CredentialStore,
} from '../../electron/core/credentials/keychain';
import { startWebHost, type WebHost } from '../../electron/webhost/server';

export interface App {
  core: Core;
  host: WebHost;
  keychain: CredentialStore;
  dataDir: string;
  /** Every body the web host sent to the page, to prove what never crossed. */
  responses: string[];
}

let shots = 0;

/** Saves a screenshot of the current screen under test-results/screenshots for the README and review. */
export async function screenshot(page: Page, name: string): Promise<void> {
  shots += 1;
  await page.screenshot({
    path: path.join('test-results', 'screenshots', `${name}.png`),
    fullPage: true,
  });
}

/**
 * A fresh install for every test: a new data folder and its own keychain entry name, the real core
 * behind the web host, and the page opened at the host's address.
 */
export const test = base.extend<{ app: App }>({
  app: async ({ page }, use, testInfo) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dcdesk-e2e-'));
    const keychain = createKeychainStore({
      service: `Device Check Desk e2e ${String(testInfo.workerIndex)}-${String(Date.now())}`,
    });
    const created = await createCore({
      dataDir,
      fetch: globalThis.fetch,
      keychain,
      version: '0.0.0-e2e',
      locale: 'en-US',
      platform: process.platform,
    });
    if (!created.ok) throw new Error(created.error.message);
    const host = await startWebHost({ core: created.value, rendererDir: 'dist/renderer' });
    const responses: string[] = [];
    page.on('response', (response) => {
      if (response.url().startsWith(host.origin))
        void response.text().then(
          (body) => responses.push(body),
          () => undefined,
        );
    });
    page.on('pageerror', (error) => {
      throw error;
    });
    await page.goto(host.url);
    await use({ core: created.value, host, keychain, dataDir, responses });
    await host.close();
    await created.value.close();
    await keychain.remove('test');
    await keychain.remove('production');
    rmSync(dataDir, { recursive: true, force: true });
  },
});

export { expect };
export const screenshotsTaken = () => shots;
