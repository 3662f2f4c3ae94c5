import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { createCore, type Core } from '../../electron/core/create-core';
import {
  createKeychainStore,
  type CredentialStore,
} from '../../electron/core/credentials/keychain';
import type { FetchFn } from '../../electron/core/service/client';
import { startWebHost, type WebHost } from '../../electron/webhost/server';

export interface App {
  core: Core;
  host: WebHost;
  keychain: CredentialStore;
  dataDir: string;
  /** Every body the web host sent to the page, to prove what never crossed. */
  responses: string[];
  /**
   * Test-only: the origins (`http://127.0.0.1:PORT`) the core's service clients sent requests
   * to, in the order first seen. The core starts its embedded sandbox on a free port and does not
   * tell anyone where; in the sandbox environment this list is that address, so a test can ask
   * the sandbox's control endpoints (`GET /__sandbox/uploads`) what it received. Recorded by the
   * `fetch` the fixture hands the core, which passes every request on to Node's `fetch` as is.
   */
  serviceOrigins: string[];
  /**
   * Closes the web host and the core (as quitting the app does) and starts new ones on the same
   * data folder and keychain, then opens the page on the new host: the app closed and reopened.
   */
  restart(): Promise<void>;
}

/** The real core on a data folder, as the app and the web host start it. */
export async function startCore(
  dataDir: string,
  keychain: CredentialStore,
  fetch: FetchFn = globalThis.fetch,
): Promise<Core> {
  const created = await createCore({
    dataDir,
    fetch,
    keychain,
    version: '0.0.0-e2e',
    locale: 'en-US',
    platform: process.platform,
    resourcesDir: path.resolve('resources'),
  });
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
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
 *
 * One difference from a real first run, on purpose: the guided tour, a modal dialog that opens by
 * itself on a fresh install, would stand in front of every journey. So the fixture stores the
 * setting `tourDismissed: true` before the page opens, as closing the tour does. A spec about the
 * first run itself asks for the tour with `test.use({ showTour: true })`.
 */
export const test = base.extend<{ app: App; showTour: boolean }>({
  showTour: [false, { option: true }],
  app: async ({ page, showTour }, use, testInfo) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dcdesk-e2e-'));
    const keychain = createKeychainStore({
      service: `Device Check Desk e2e ${String(testInfo.workerIndex)}-${String(Date.now())}`,
    });
    const responses: string[] = [];
    const serviceOrigins: string[] = [];
    const recordingFetch: FetchFn = (input, init) => {
      const { origin } = new URL(input);
      if (!serviceOrigins.includes(origin)) serviceOrigins.push(origin);
      return globalThis.fetch(input, init);
    };
    const core = await startCore(dataDir, keychain, recordingFetch);
    if (!showTour) {
      const dismissed = await core.call('settings.update', { tourDismissed: true });
      if (!dismissed.ok) throw new Error(dismissed.error.message);
    }
    const host = await startWebHost({ core, rendererDir: 'dist/renderer' });
    const app: App = {
      core,
      host,
      keychain,
      dataDir,
      responses,
      serviceOrigins,
      async restart() {
        await app.host.close();
        await app.core.close();
        app.core = await startCore(dataDir, keychain, recordingFetch);
        app.host = await startWebHost({ core: app.core, rendererDir: 'dist/renderer' });
        await page.goto(app.host.url);
      },
    };
    page.on('response', (response) => {
      if (response.url().startsWith(app.host.origin))
        void response.text().then(
          (body) => responses.push(body),
          () => undefined,
        );
    });
    page.on('pageerror', (error) => {
      throw error;
    });
    await page.goto(host.url);
    await use(app);
    await app.host.close();
    await app.core.close();
    await keychain.remove('test');
    await keychain.remove('production');
    rmSync(dataDir, { recursive: true, force: true });
  },
});

export { expect };
export const screenshotsTaken = () => shots;
