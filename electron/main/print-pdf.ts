import { BrowserWindow } from 'electron';

/**
 * Prints the report's self-contained HTML page to PDF with Chromium's own printing: a hidden,
 * sandboxed window with JavaScript off (the page has no script) loads it as a data URL, is
 * printed, and is closed whatever happens.
 */
export async function printHtmlToPdf(html: string): Promise<Uint8Array> {
  const window = new BrowserWindow({
    show: false,
    webPreferences: {
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      javascript: false,
      webSecurity: true,
      devTools: false,
      // Nothing in a printed page is clicked: middle clicks opening windows are off altogether.
      disableBlinkFeatures: 'Auxclick',
    },
  });
  try {
    await window.loadURL(`data:text/html;base64,${Buffer.from(html, 'utf8').toString('base64')}`);
    return await window.webContents.printToPDF({ pageSize: 'A4', printBackground: true });
  } finally {
    window.destroy();
  }
}
