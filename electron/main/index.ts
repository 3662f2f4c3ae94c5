import path from 'node:path';
import { app, session, type BrowserWindow } from 'electron';
import { appUrl, registerAppScheme, serveRenderer } from './protocol';
import { createSecureWindow } from './window';

/** Composition root of the desktop app. */
registerAppScheme();
let mainWindow: BrowserWindow | null = null;

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (mainWindow?.isMinimized()) mainWindow.restore();
    mainWindow?.focus();
  });

  void app.whenReady().then(() => {
    // Web content gets no device, location or notification permission.
    session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) =>
      callback(false),
    );
    serveRenderer(path.join(__dirname, '..', 'renderer'));
    mainWindow = createSecureWindow({ url: appUrl });
    mainWindow.on('closed', () => (mainWindow = null));
  });

  app.on('window-all-closed', () => app.quit());
}
