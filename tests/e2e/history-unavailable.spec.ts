import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createCore } from '../../electron/core/create-core';
import { createKeychainStore } from '../../electron/core/credentials/keychain';
import { historyFileName, openHistory } from '../../electron/core/store/db';
import { unavailableCore } from '../../electron/core/unavailable-core';
import { startWebHost } from '../../electron/webhost/server';
import { hostName } from './hosts/app';
import { startSandbox } from '../../electron/sandbox';

/**
 * The history of a past run is there, but the SQLite module cannot be loaded (as after a rebuild
 * for another runtime): the window says so and how to fix it, and never shows an empty history.
 */
test.skip(
  hostName === 'electron',
  'Serves an unavailable core through the web host; the Electron app opens its window on the same core (electron/main/index.ts).',
);

test('a history that cannot be opened is a fatal state that names the fix, never "No batches yet"', async ({
  page,
}) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dcdesk-e2e-fatal-'));
  const opened = await openHistory(dataDir);
  if (!opened.ok) throw new Error(opened.error.message);
  opened.value.close();
  const before = readFileSync(path.join(dataDir, historyFileName));
  const notAModule = path.join(dataDir, 'better_sqlite3.node');
  writeFileSync(notAModule, 'not a native module');

  const created = await createCore({
    dataDir,
    fetch: globalThis.fetch,
    keychain: createKeychainStore({ service: `Device Check Desk e2e fatal ${String(Date.now())}` }),
    startSandbox,
    version: '0.0.0-e2e',
    locale: 'en-US',
    platform: process.platform,
    engine: { nativeBinding: notAModule },
  });
  expect(created.ok).toBe(false);
  if (created.ok) return;
  const host = await startWebHost({
    core: unavailableCore(created.error),
    rendererDir: 'dist/renderer',
  });
  try {
    await page.goto(host.url);
    const fatal = page.getByTestId('fatal-state');
    await expect(
      fatal.getByRole('heading', { name: 'Device Check Desk cannot open your history' }),
    ).toBeVisible();
    await expect(fatal.getByRole('alert')).toContainText('The database module cannot be loaded');
    await expect(fatal.getByRole('alert')).toContainText('npm rebuild better-sqlite3');
    await expect(page.getByTestId('batch-list-empty')).toHaveCount(0);
    await expect(page.getByRole('navigation')).toHaveCount(0);
    expect(readFileSync(path.join(dataDir, historyFileName)).equals(before)).toBe(true);
  } finally {
    await host.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
