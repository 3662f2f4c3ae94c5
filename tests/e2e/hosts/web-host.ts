import { nodeFetch } from '../../../electron/core/service/node-fetch';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { createKeychainStore } from '../../../electron/core/credentials/keychain';
import type { FetchFn } from '../../../electron/core/service/client';
import { downloadFiles } from '../../../electron/core/results-export/download-files';
import { startWebHost } from '../../../electron/webhost/server';
import { keychainServiceName, startCore, type App } from './app';

/**
 * The web host: a fresh install for every test (a new data folder and its own keychain entry
 * name), the real core behind the web host, and the page opened at the host's address.
 */
export const webHostTest = base.extend<{ app: App; showTour: boolean }>({
  showTour: [false, { option: true }],
  app: async ({ page, showTour }, use, testInfo) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dcdesk-e2e-'));
    const keychain = createKeychainStore({ service: keychainServiceName(testInfo.workerIndex) });
    const responses: string[] = [];
    const serviceOrigins: string[] = [];
    // As the web host sends: Node's HTTP (`nodeFetch`).
    const serviceFetch = nodeFetch();
    const recordingFetch: FetchFn = (input, init) => {
      const { origin } = new URL(input);
      if (!serviceOrigins.includes(origin)) serviceOrigins.push(origin);
      return serviceFetch(input, init);
    };
    // Results exports reach the page as downloads, as the app's and the web host's do.
    const downloads = downloadFiles();
    let core = await startCore(dataDir, keychain, recordingFetch, downloads.targets);
    if (!showTour) {
      const dismissed = await core.call('settings.update', { tourDismissed: true });
      if (!dismissed.ok) throw new Error(dismissed.error.message);
    }
    let host = await startWebHost({ core, rendererDir: 'dist/renderer', downloads });
    const app: App = {
      host: 'web',
      call: (name, input) => core.call(name, input),
      keychain,
      dataDir,
      responses,
      serviceOrigins: () => Promise.resolve([...serviceOrigins]),
      async download(trigger) {
        const downloading = page.waitForEvent('download');
        await trigger();
        return downloading;
      },
      async restart() {
        await host.close();
        await core.close();
        core = await startCore(dataDir, keychain, recordingFetch, downloads.targets);
        host = await startWebHost({ core, rendererDir: 'dist/renderer', downloads });
        await page.goto(host.url);
      },
    };
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
    await use(app);
    await host.close();
    await core.close();
    downloads.close();
    await keychain.remove('test');
    await keychain.remove('production');
    rmSync(dataDir, { recursive: true, force: true });
  },
});
