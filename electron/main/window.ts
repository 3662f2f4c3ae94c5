import { BrowserWindow, shell } from 'electron';

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

/**
 * The one place windows are made: isolated, sandboxed, no Node in the page, no navigation away
 * from the app and no new windows (allow-listed https links go to the browser instead).
 */
export function createSecureWindow(options: { url: string; preload?: string }): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
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
      ...(options.preload ? { preload: options.preload } : {}),
    },
  });
  const appOrigin = new URL(options.url).origin;
  window.webContents.on('will-navigate', (event, target) => {
    if (new URL(target).origin !== appOrigin) event.preventDefault();
  });
  window.webContents.on('will-attach-webview', (event) => event.preventDefault());
  window.webContents.setWindowOpenHandler(({ url }) => {
    if (isAllowedExternal(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(options.url);
  return window;
}
