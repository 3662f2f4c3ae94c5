import { BrowserWindow, shell, type Rectangle } from 'electron';
import { isAppUrl } from './app-origin';

/** External links the app may open in the user's browser. */
const externalHosts = new Set(['devicecheck.clearsale.com.br', 'devicecheckhml.clearsale.com.br']);

function isAllowedExternal(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && externalHosts.has(parsed.hostname);
  } catch {
    return false;
  }
}

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
 * The one place windows are made: isolated, sandboxed, no Node in the page, no navigation away
 * from the app and no new windows (allow-listed https links go to the browser instead).
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
      devTools: options.allowDevTools,
      ...(options.preload ? { preload: options.preload } : {}),
    },
  });
  const contents = window.webContents;
  // isAppUrl, not an origin comparison: Node gives app:// and file:// the same opaque origin.
  contents.on('will-navigate', (event) => {
    if (!isAppUrl(event.url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isAllowedExternal(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  // Belt and braces with `devTools: false`: close DevTools should anything still open them.
  if (!options.allowDevTools) contents.on('devtools-opened', () => contents.closeDevTools());
  window.once('ready-to-show', () => {
    if (options.maximized) window.maximize();
    window.show();
  });
  void window.loadURL(options.url);
  return window;
}
