import { nodeFetch } from '../../electron/core/service/node-fetch';
import { chromium, type Page, type Request } from '@playwright/test';
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

/**
 * Watches `page`'s calls to the core (`/api/…`); the function returned resolves once one was made
 * and none has been in flight for `quietMs` (counted from the call at the earliest). Call it
 * before `goto`. A section's first paint (the Batches button) comes before the window's opening
 * requests are answered: the Review section is mounted hidden and asks at once for its queue and
 * the outcome summary, about a second over a million rows on the core's thread, which is this
 * process. A clock started before they end times them too, or not, as the race goes.
 */
export function apiSettled(page: Page, quietMs = 500): () => Promise<void> {
  let inFlight = 0;
  let seen = 0;
  let last = performance.now();
  const isApi = (request: Request) => new URL(request.url()).pathname.startsWith('/api/');
  page.on('request', (request) => {
    if (!isApi(request)) return;
    inFlight += 1;
    seen += 1;
    last = performance.now();
  });
  const ended = (request: Request) => {
    if (!isApi(request)) return;
    inFlight -= 1;
    last = performance.now();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return async () => {
    const asked = performance.now();
    while (seen === 0 || inFlight > 0 || performance.now() - Math.max(last, asked) < quietMs)
      await new Promise((resolve) => setTimeout(resolve, 50));
  };
}
