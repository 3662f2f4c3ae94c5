import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test as base, type Page } from '@playwright/test';
import { createKeychainStore } from '../../../electron/core/credentials/keychain';
import { electronBinary } from '../../electron/electron-binary';
import { keychainServiceName, type App } from './app';
import { launchApp, recorded, swappablePage, type Launched } from './electron-launch';

/** `window.deviceCheck` as the preload builds it: `deviceCheck.<group>.<method>(input)`. */
type Bridge = Record<string, Record<string, (input: unknown) => Promise<unknown>>>;

/**
 * The same journeys against the Electron app: its window is the `page`, the preload is the door
 * `app.call` uses, credentials go to the real OS keychain and the core reaches services with
 * `net.fetch`. Skips each test, with the reason, where no Electron binary can run.
 */
/** Null where the Electron app can run, or why not (detected once per process). */
export function electronUnavailable(): string | null {
  const binary = electronBinary();
  return binary.path === null ? `No Electron binary on this machine: ${binary.reason}` : null;
}

export const electronHostTest = base.extend<{
  app: App;
  showTour: boolean;
  electronApp: { app: App; page: Page };
}>({
  showTour: [false, { option: true }],
  electronApp: async ({ showTour, locale }, use, testInfo) => {
    const unavailable = electronUnavailable();
    // Every journey of the Electron project skips here, with that reason as its message, where no
    // Electron binary can run (it cannot be downloaded on these machines): the same journeys then
    // prove the web host only, not the app's window, preload bridge, IPC and native dialogs.
    testInfo.skip(unavailable !== null, unavailable ?? '');
    const binary = electronBinary();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dcdesk-electron-e2e-'));
    const downloadsDir = mkdtempSync(path.join(tmpdir(), 'dcdesk-electron-downloads-'));
    const keychainService = keychainServiceName(testInfo.workerIndex);
    const keychain = createKeychainStore({ service: keychainService });
    const options = {
      executablePath: binary.path ?? '',
      dataDir,
      keychainService,
      downloadsDir,
      locale: locale ?? 'en-US',
    };
    let launched: Launched = await launchApp(options);
    const current = swappablePage(launched.page);
    const app: App = {
      host: 'electron',
      call: (name, input) => {
        const [group = '', method = ''] = name.split('.');
        return launched.page.evaluate(
          ([g, m, payload]) =>
            (globalThis as unknown as { deviceCheck: Bridge }).deviceCheck[g]![m]!(payload),
          [group, method, input] as const,
        ) as ReturnType<App['call']>;
      },
      keychain,
      dataDir,
      responses: null,
      serviceOrigins: async () => (await recorded(launched.electronApp)).origins,
      async download(trigger) {
        const before = (await recorded(launched.electronApp)).downloads.length;
        await trigger();
        await expect
          .poll(async () => (await recorded(launched.electronApp)).downloads[before]?.state, {
            timeout: 30_000,
          })
          .toBe('completed');
        const saved = (await recorded(launched.electronApp)).downloads[before]!;
        return { suggestedFilename: () => saved.name, path: () => Promise.resolve(saved.path) };
      },
      async restart() {
        await launched.electronApp.close();
        launched = await launchApp(options);
        current.swap(launched.page);
      },
    };
    if (!showTour) {
      // As closing the tour does; the reload shows the app as it starts with that setting.
      const dismissed = await app.call('settings.update', { tourDismissed: true });
      if (!dismissed.ok) throw new Error(dismissed.error.message);
      await launched.page.reload();
    }
    await use({ app, page: current.page });
    await launched.electronApp.close();
    await keychain.remove('test');
    await keychain.remove('production');
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(downloadsDir, { recursive: true, force: true });
  },
  app: async ({ electronApp }, use) => use(electronApp.app),
  page: async ({ electronApp }, use) => use(electronApp.page),
});
