import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  _electron as electron,
  expect,
  test,
  type ElectronApplication,
  type Page,
} from '@playwright/test';
import type { DeviceCheckApi } from '../../shared/contract/device-check-api';
import { electronBinary } from './electron-binary';

/**
 * The packaged shape of the app, started for real: window, title, the bridge, no Node in the
 * page, no navigation away. Everything behind the bridge is tested in Node and in Chromium.
 */
const binary = electronBinary();
test.skip(binary.path === null, `No Electron binary on this machine: ${binary.reason ?? ''}`);
test.describe.configure({ mode: 'serial' });

/** The page's globals, as this Node-typed test file sees them. */
type PageGlobals = typeof globalThis & {
  deviceCheck: DeviceCheckApi;
  require?: unknown;
  process?: unknown;
  location: { href: string };
};

const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
let app: ElectronApplication | undefined;
let page: Page;
let dataDir = '';
const output: string[] = [];

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'dcdesk-electron-'));
  const launched = await electron.launch({
    executablePath: binary.path ?? '',
    // '.' runs package.json's main (dist/electron/main.cjs) with the app's own name and version,
    // as `npm start` does; a bare script path would run as "Electron".
    args: [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), '.'],
    env: {
      ...process.env,
      DCDESK_DATA_DIR: dataDir,
      DCDESK_KEYCHAIN_SERVICE: `Device Check Desk smoke ${String(Date.now())}`,
    },
  });
  app = launched;
  // Start-up failures are written to stderr before the error dialog: keep them for the report.
  launched.process().stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  page = await launched.firstWindow();
});

test.afterAll(async () => {
  await app?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

// eslint-disable-next-line no-empty-pattern -- Playwright requires the fixtures argument destructured.
test.afterEach(({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus && output.length > 0)
    testInfo.annotations.push({ type: 'app stderr', description: output.join('').slice(-2000) });
});

test('opens the app window from app://', async () => {
  await expect(page).toHaveTitle('Device Check Desk');
  expect(page.url()).toMatch(/^app:\/\/desk\//);
});

test('answers a contract call through the preload', async () => {
  const info = await page.evaluate(() => (globalThis as PageGlobals).deviceCheck.app.info({}));
  expect(info).toMatchObject({ ok: true, value: { version } });
});

test('reads the sample spreadsheet from the resources folder electron/main gives the core', async () => {
  const sample = await page.evaluate(() => (globalThis as PageGlobals).deviceCheck.app.sample({}));
  expect(sample).toMatchObject({ ok: true, value: { fileName: 'sample-transactions.xlsx' } });
});

test('gives the page no Node', async () => {
  const globals = await page.evaluate(() => {
    const page = globalThis as PageGlobals;
    return [typeof page.require, typeof page.process];
  });
  expect(globals).toEqual(['undefined', 'undefined']);
});

test('blocks navigation away from the app', async () => {
  // Listen in the main process; the app-wide guard's will-navigate handler, registered when the
  // web contents was created (electron/main/contents-guard.ts), runs before this one.
  const launched = app!;
  await launched.evaluate(({ BrowserWindow }) => {
    const contents = BrowserWindow.getAllWindows()[0]!.webContents;
    (globalThis as { attempt?: Promise<unknown> }).attempt = new Promise((resolve) => {
      contents.once('will-navigate', (event) =>
        resolve({ url: event.url, prevented: event.defaultPrevented }),
      );
    });
  });
  await page.evaluate(() => {
    (globalThis as PageGlobals).location.href = 'https://example.com/';
  });
  const attempt = await launched.evaluate(
    () => (globalThis as { attempt?: Promise<unknown> }).attempt,
  );
  expect(attempt).toEqual({ url: 'https://example.com/', prevented: true });
  expect(page.url()).toMatch(/^app:\/\/desk\//);
});
