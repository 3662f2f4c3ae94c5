import { Menu, type MenuItemConstructorOptions } from 'electron';
import { appCommands, type AppCommandId } from '../../shared/app-commands';
import type { NoticeLocale } from './pause-notice';

const menuNames: Record<NoticeLocale, { file: string; view: string; go: string }> = {
  en: { file: 'File', view: 'View', go: 'Go' },
  'pt-BR': { file: 'Arquivo', view: 'Exibir', go: 'Ir' },
};

/**
 * The application menu. The app's own items come from `shared/app-commands.ts` (tested there) and
 * send their command to the window, which runs it as it runs the same shortcut. The Edit roles
 * matter: without them copy and paste shortcuts do nothing on macOS. Reload and DevTools only in
 * development; Help opens nothing external.
 */
export function installMenu(options: {
  packaged: boolean;
  locale: NoticeLocale;
  send: (command: AppCommandId) => void;
}): void {
  const mac = process.platform === 'darwin';
  const names = menuNames[options.locale];
  const items = (menu: 'file' | 'go' | 'help'): MenuItemConstructorOptions[] =>
    appCommands
      .filter((command) => command.menu === menu)
      .map((command) => ({
        label: command.label[options.locale],
        accelerator: command.accelerator,
        click: () => options.send(command.id),
      }));
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
    { label: names.file, submenu: [...items('file'), { type: 'separator' }, { role: 'quit' }] },
    { role: 'editMenu' },
    {
      label: names.view,
      submenu: [
        ...view,
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { label: names.go, submenu: items('go') },
    { role: 'help', submenu: [...items('help'), { type: 'separator' }, { role: 'about' }] },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
