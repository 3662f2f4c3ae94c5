import { printHtmlToPdf } from './print-pdf';
import path from 'node:path';
import { app, dialog, net, Notification, screen, session, type BrowserWindow } from 'electron';
import { createCore, type Core } from '../core/create-core';
import { createKeychainStore } from '../core/credentials/keychain';
import { unavailableCore } from '../core/unavailable-core';
import { appUrl } from './app-origin';
import { followBatches } from './batch-feedback';
import { noticeLocale, type NoticeLocale } from './pause-notice';
import type { SettingsChangedEvent } from '../../shared/contract/events';
import { guardAllWebContents } from './contents-guard';
import { bindContract } from './ipc';
import { installMenu } from './menu';
import { registerAppScheme, serveRenderer } from './protocol';
import { downloadFiles, type DownloadFiles } from '../core/results-export/download-files';
import { denyAllPermissions, refuseWeakeningLaunch } from './security';
import { sqliteEngine } from './sqlite-binding';
import { createSecureWindow } from './window';
import { loadWindowState, rememberWindowState } from './window-state';
import { startSandbox } from '../sandbox';
import { messageOf } from '../../shared/message-of';
import type { Settings } from '../../shared/settings';

/**
 * Composition root of the desktop app: everything is wired here, by hand. The core does the work;
 * this file only gives it what differs in Electron (net.fetch, the data folder, the keychain) and
 * connects it to the one window.
 */
let mainWindow: BrowserWindow | null = null;

function focus(window: BrowserWindow | null): void {
  if (!window || window.isDestroyed()) return;
  if (window.isMinimized()) window.restore();
  window.focus();
}

/** Development only, for tests and side-by-side runs: the web host reads the same variables. */
function developmentOverrides(): { keychainService?: string } {
  if (app.isPackaged) return {};
  const dataDir = process.env.DCDESK_DATA_DIR;
  if (dataDir) app.setPath('userData', path.resolve(dataDir));
  const keychainService = process.env.DCDESK_KEYCHAIN_SERVICE;
  return keychainService ? { keychainService } : {};
}

function notify(notice: { title: string; body: string }): void {
  if (!Notification.isSupported()) return;
  const notification = new Notification(notice);
  notification.on('click', () => focus(mainWindow));
  notification.show();
}

/** Says why the app cannot start, on stderr (for logs and tests) and in a native dialog, then quits. */
function failStart(reason: string): void {
  process.stderr.write(`Device Check Desk could not start: ${reason}\n`);
  dialog.showErrorBox('Device Check Desk could not start', reason);
  app.exit(1);
}

/** Closes the history before the process ends, so SQLite checkpoints its journal. */
function closeCoreOnQuit(core: Core, downloads: DownloadFiles): void {
  let closing = false;
  app.on('will-quit', (event) => {
    event.preventDefault();
    if (closing) return;
    closing = true;
    // app.exit skips will-quit, so this runs once.
    void core
      .close()
      .finally(() => downloads.close())
      .finally(() => app.exit(0));
  });
}

async function start(keychainService: string | undefined): Promise<void> {
  denyAllPermissions(session.defaultSession);
  // Results exports reach the window as downloads; Chromium's download asks where to save them.
  const downloads = downloadFiles();
  const created = await createCore({
    dataDir: app.getPath('userData'),
    // Chromium's network stack: the system proxy and the OS certificate store, as analysts expect.
    fetch: net.fetch.bind(net),
    keychain: createKeychainStore({ service: keychainService }),
    startSandbox,
    version: app.getVersion(),
    locale: app.getPreferredSystemLanguages()[0] ?? app.getLocale(),
    platform: process.platform,
    // Packaged, electron-builder's extraResources land in process.resourcesPath; in development
    // they are the repository's resources/ folder.
    resourcesDir: app.isPackaged ? process.resourcesPath : path.join(app.getAppPath(), 'resources'),
    printPdf: printHtmlToPdf,
    exportTargets: downloads.targets,
    // Built beside this bundle by scripts/build.mjs.
    writerThread: { script: path.join(__dirname, 'row-writer.cjs') },
    taskThread: { script: path.join(__dirname, 'history-tasks.cjs') },
    // Electron's own build of better-sqlite3, kept apart from the Node build dcdesk uses.
    engine: sqliteEngine({
      packaged: app.isPackaged,
      resourcesPath: process.resourcesPath,
      appPath: app.getAppPath(),
      platform: process.platform,
      arch: process.arch,
    }),
  });
  // A history that cannot be opened (the SQLite module fails to load, a damaged file in use) still
  // opens the window: the renderer shows the reason and the fix as a fatal state, in the analyst's
  // language, never an empty history.
  if (!created.ok)
    process.stderr.write(`Device Check Desk cannot open its history: ${created.error.message}\n`);
  const core = created.ok ? created.value : unavailableCore(created.error);
  closeCoreOnQuit(core, downloads);

  serveRenderer(path.join(__dirname, '..', 'renderer'), downloads);
  const stateFile = path.join(app.getPath('userData'), 'window-state.json');
  const saved = loadWindowState(
    stateFile,
    screen.getAllDisplays().map((display) => display.workArea),
  );
  const window = createSecureWindow({
    url: appUrl,
    preload: path.join(__dirname, 'preload.cjs'),
    ...(saved ?? {}),
    allowDevTools: !app.isPackaged,
  });
  mainWindow = window;
  rememberWindowState(window, stateFile);
  bindContract(core, window);
  const systemLocale = app.getPreferredSystemLanguages()[0] ?? app.getLocale();
  const appLocale = async () => {
    const settings = await core.call('settings.get', {});
    const language = settings.ok ? (settings.value as Settings).language : 'system';
    return noticeLocale(language, systemLocale);
  };
  // The menu speaks the app's language, and speaks the new one as soon as it is chosen; its items
  // run in the window like shortcuts.
  const menu = (locale: NoticeLocale) =>
    installMenu({
      packaged: app.isPackaged,
      locale,
      send: (command) => {
        if (!window.isDestroyed()) window.webContents.send('main:app.command', { command });
      },
    });
  menu(await appLocale());
  const stopMenu = core.subscribe((name, payload) => {
    if (name === 'main:settings.changed')
      menu(noticeLocale((payload as SettingsChangedEvent).language, systemLocale));
  });
  const stopFollowing = followBatches(core, window, notify, appLocale);
  window.on('closed', () => {
    stopMenu();
    stopFollowing();
    mainWindow = null;
  });
}

function main(): void {
  if (refuseWeakeningLaunch()) {
    app.exit(1);
    return;
  }
  // Before anything can create a web contents: every one of them is guarded from its creation.
  guardAllWebContents();
  const { keychainService } = developmentOverrides();
  registerAppScheme();
  // One instance per data folder: two would share one SQLite history and one batch queue.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  // Windows shows notifications only for an app with this id (the installer's shortcut has it).
  if (process.platform === 'win32') app.setAppUserModelId('br.com.devicecheckdesk.app');
  app.on('second-instance', () => focus(mainWindow));
  app.on('window-all-closed', () => app.quit());
  app
    .whenReady()
    .then(() => start(keychainService))
    // A start-up that failed halfway would leave a running app with no window: say why, quit.
    .catch((caught: unknown) => failStart(messageOf(caught)));
}

main();
