import { _electron as electron, type ElectronApplication, type Page } from '@playwright/test';

/** What the test installs in the app's main process: see `installRecorders`. */
interface Recorded {
  origins: string[];
  downloads: Array<{ name: string; path: string; state: string }>;
}

export interface LaunchOptions {
  executablePath: string;
  dataDir: string;
  keychainService: string;
  downloadsDir: string;
  locale: string;
}

/** The app's window as journeys see it: the same size as the web host's page, errors thrown. */
export interface Launched {
  electronApp: ElectronApplication;
  page: Page;
}

/**
 * Starts the built app (`electron .` runs package.json's main, dist/electron/main.cjs, with the
 * app's name) on its own data folder and keychain service name, as `npm start` does. A packaged
 * app refuses the debugging switches Playwright needs (electron/main/debug-switches.ts and the
 * inspect fuse), so the journeys drive this build of the same files; tests/electron/packaged
 * checks the packaged binary itself.
 */
export async function launchApp(options: LaunchOptions): Promise<Launched> {
  const language = options.locale.replace('-', '_');
  const electronApp = await electron.launch({
    executablePath: options.executablePath,
    args: [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), `--lang=${options.locale}`, '.'],
    env: {
      ...process.env,
      DCDESK_DATA_DIR: options.dataDir,
      DCDESK_KEYCHAIN_SERVICE: options.keychainService,
      // Linux reads the preferred languages from these; --lang sets Chromium's everywhere.
      LANG: `${language}.UTF-8`,
      LANGUAGE: language,
    },
  });
  await installRecorders(electronApp, options.downloadsDir);
  const page = await electronApp.firstWindow();
  await page.waitForLoadState('domcontentloaded');
  await electronApp.evaluate(({ BrowserWindow }) => {
    BrowserWindow.getAllWindows()[0]?.setContentSize(1280, 800);
  });
  page.on('pageerror', (error) => {
    throw error;
  });
  return { electronApp, page };
}

/**
 * Test-only hooks in the main process, before the page can make a request: the origins the
 * core's `net.fetch` reaches (net.fetch triggers the session's webRequest events), and downloads
 * saved straight into `downloadsDir`, since Playwright's download event does not fire in Electron
 * and the app would otherwise open the native save dialog.
 */
async function installRecorders(electronApp: ElectronApplication, downloadsDir: string) {
  await electronApp.evaluate(({ session }, dir) => {
    const recorded: Recorded = { origins: [], downloads: [] };
    (globalThis as { __dcdeskE2e?: Recorded }).__dcdeskE2e = recorded;
    session.defaultSession.webRequest.onSendHeaders((details) => {
      const { origin, protocol } = new URL(details.url);
      if (protocol === 'http:' && !recorded.origins.includes(origin)) recorded.origins.push(origin);
    });
    session.defaultSession.on('will-download', (_event, item) => {
      const name = item.getFilename();
      const entry = {
        name,
        path: `${dir}/${String(recorded.downloads.length)}-${name}`,
        state: '',
      };
      recorded.downloads.push(entry);
      item.setSavePath(entry.path);
      item.once('done', (_done, state) => {
        entry.state = state;
      });
    });
  }, downloadsDir);
}

/** What the hooks of `installRecorders` have seen so far. */
export function recorded(electronApp: ElectronApplication): Promise<Recorded> {
  return electronApp.evaluate(
    () => (globalThis as { __dcdeskE2e?: Recorded }).__dcdeskE2e ?? { origins: [], downloads: [] },
  );
}

/**
 * The page of the current app process. `restart()` starts a new process with a new window, while
 * a journey keeps the `page` it was given: this stands in for it and forwards to the newest one.
 */
export function swappablePage(initial: Page): { page: Page; swap(next: Page): void } {
  let current = initial;
  const page = new Proxy(initial, {
    get(_target, property) {
      const value: unknown = Reflect.get(current, property, current);
      return typeof value === 'function' && property !== 'constructor'
        ? (value as (...args: unknown[]) => unknown).bind(current)
        : value;
    },
  });
  return { page, swap: (next) => (current = next) };
}
