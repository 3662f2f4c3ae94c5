import { nodeFetch } from '../../electron/core/service/node-fetch';
import { chromium, type Page } from '@playwright/test';
import { createCore } from '../../electron/core/create-core';
import { createKeychainStore } from '../../electron/core/credentials/keychain';
import { startWebHost } from '../../electron/webhost/server';
import { startSandbox } from '../../electron/sandbox';
import { repositoryWriterThread } from '../../electron/core/bulk/thread-row-writer';
import { repositoryTaskThread } from '../../electron/core/tasks/thread-tasks';

const chromiumPath = process.env.PLAYWRIGHT_CHROMIUM ?? '/usr/bin/chromium';

/** The real core on `dataDir`, as the web host starts it, for a benchmark. */
export function benchCore(dataDir: string) {
  return createCore({
    dataDir,
    fetch: nodeFetch(),
    keychain: createKeychainStore({ service: 'Device Check Desk bench' }),
    startSandbox,
    version: 'bench',
    locale: 'en-US',
    platform: process.platform,
    writerThread: repositoryWriterThread(),
    taskThread: repositoryTaskThread(),
  });
}

/**
 * The real core on `dataDir` behind the web host, and a Chromium page on it, for a benchmark;
 * everything is closed afterwards (the folder is the caller's).
 */
export async function withAppInChromium<T>(
  dataDir: string,
  work: (page: Page, url: string) => Promise<T>,
): Promise<T> {
  const core = await benchCore(dataDir);
  if (!core.ok) throw new Error(core.error.message);
  // The first-run tour is a modal dialog: closed beforehand, as tests/e2e/fixtures.ts does.
  const dismissed = await core.value.call('settings.update', { tourDismissed: true });
  if (!dismissed.ok) throw new Error(dismissed.error.message);
  const host = await startWebHost({ core: core.value, rendererDir: 'dist/renderer' });
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    return await work(page, host.url);
  } finally {
    await browser.close();
    await host.close();
    await core.value.close();
  }
}
