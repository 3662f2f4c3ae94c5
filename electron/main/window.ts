import { BrowserWindow, type Rectangle } from 'electron';

export interface SecureWindowOptions {
  url: string;
  preload?: string;
  /** Remembered size and position, already checked to be on a visible display. */
  bounds?: Rectangle;
  maximized?: boolean;
  /** False in packaged builds: DevTools would let anyone with the window script the bridge. */
  allowDevTools: boolean;
}

/**
 * The one place windows are made: isolated, sandboxed, no Node in the page. Navigation away from
 * the app and new windows are refused app-wide (`contents-guard.ts`).
 */
export function createSecureWindow(options: SecureWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    ...options.bounds,
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: 'Device Check Desk',
    webPreferences: {
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
      webviewTag: false,
      devTools: options.allowDevTools,
      ...(options.preload ? { preload: options.preload } : {}),
    },
  });
  const contents = window.webContents;
  // Navigation, new windows and <webview> are refused for every web contents, this one included,
  // by the app-wide guard (contents-guard.ts), registered before any window exists.
  // Belt and braces with `devTools: false`: close DevTools should anything still open them.
  if (!options.allowDevTools) contents.on('devtools-opened', () => contents.closeDevTools());
  window.once('ready-to-show', () => {
    if (options.maximized) window.maximize();
    window.show();
  });
  void window.loadURL(options.url);
  return window;
}
