import { Menu, type MenuItemConstructorOptions } from 'electron';

/**
 * A minimal application menu. The Edit roles matter: without them copy and paste shortcuts do
 * nothing on macOS. Reload and DevTools only in development; Help opens nothing external.
 */
export function installMenu(options: { packaged: boolean }): void {
  const mac = process.platform === 'darwin';
  const view: MenuItemConstructorOptions[] = options.packaged
    ? []
    : [
        { role: 'reload' },
        { role: 'forceReload' },
        { role: 'toggleDevTools' },
        { type: 'separator' },
      ];
  const template: MenuItemConstructorOptions[] = [
    // On macOS the first menu is always the app's own (About, Hide, Quit).
    ...(mac ? [{ role: 'appMenu' } satisfies MenuItemConstructorOptions] : []),
    { label: 'File', submenu: [{ role: 'quit' }] },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        ...view,
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'help', submenu: [{ role: 'about' }] },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
