import type { MenuItemConstructorOptions } from 'electron';
import { appCommands, type AppCommandId } from '../../shared/app-commands';
import type { NoticeLocale } from './pause-notice';

type Item = MenuItemConstructorOptions;
type Role = NonNullable<Item['role']>;

const appName = 'Device Check Desk';

/** The menus' own names. */
const menuNames: Record<NoticeLocale, Record<'file' | 'edit' | 'view' | 'go' | 'help', string>> = {
  en: { file: 'File', edit: 'Edit', view: 'View', go: 'Go', help: 'Help' },
  'pt-BR': { file: 'Arquivo', edit: 'Editar', view: 'Exibir', go: 'Ir', help: 'Ajuda' },
};

/**
 * The role items' labels. Electron names a role item in English whatever the app's language, so
 * each gets its label here; the role still gives it its action and its keys.
 */
const roleLabels: Record<NoticeLocale, Partial<Record<Role, string>>> = {
  en: {
    about: `About ${appName}`,
    services: 'Services',
    hide: `Hide ${appName}`,
    hideOthers: 'Hide Others',
    unhide: 'Show All',
    quit: 'Quit',
    undo: 'Undo',
    redo: 'Redo',
    cut: 'Cut',
    copy: 'Copy',
    paste: 'Paste',
    pasteAndMatchStyle: 'Paste and Match Style',
    delete: 'Delete',
    selectAll: 'Select All',
    reload: 'Reload',
    forceReload: 'Force Reload',
    toggleDevTools: 'Toggle Developer Tools',
    resetZoom: 'Actual Size',
    zoomIn: 'Zoom In',
    zoomOut: 'Zoom Out',
    togglefullscreen: 'Toggle Full Screen',
  },
  'pt-BR': {
    about: `Sobre o ${appName}`,
    services: 'Serviços',
    hide: `Ocultar o ${appName}`,
    hideOthers: 'Ocultar os outros',
    unhide: 'Mostrar tudo',
    quit: 'Sair',
    undo: 'Desfazer',
    redo: 'Refazer',
    cut: 'Recortar',
    copy: 'Copiar',
    paste: 'Colar',
    pasteAndMatchStyle: 'Colar e manter o estilo',
    delete: 'Excluir',
    selectAll: 'Selecionar tudo',
    reload: 'Recarregar',
    forceReload: 'Forçar recarregamento',
    toggleDevTools: 'Ferramentas do desenvolvedor',
    resetZoom: 'Tamanho original',
    zoomIn: 'Aumentar o zoom',
    zoomOut: 'Diminuir o zoom',
    togglefullscreen: 'Tela cheia',
  },
};

/** On macOS the quit item names the app, as every Mac app's does. */
const macQuit: Record<NoticeLocale, string> = {
  en: `Quit ${appName}`,
  'pt-BR': `Encerrar o ${appName}`,
};

const separator: Item = { type: 'separator' };

/**
 * The application menu, in the app's language, built without Electron so it is tested in plain
 * Node (`installMenu` in menu.ts hands it to Electron). The app's own items come from
 * `shared/app-commands.ts` and send their command to the window, which runs it as it runs the
 * same shortcut. Every item has a label: a role item or role menu without one (`editMenu`,
 * `appMenu`) shows Electron's English. The Edit roles matter: without them copy and paste
 * shortcuts do nothing on macOS. Reload and DevTools only in development; Help opens nothing
 * external.
 */
export function menuTemplate(options: {
  packaged: boolean;
  locale: NoticeLocale;
  platform: NodeJS.Platform;
  send: (command: AppCommandId) => void;
}): Item[] {
  const mac = options.platform === 'darwin';
  const names = menuNames[options.locale];
  const labels = roleLabels[options.locale];
  const role = (name: Role): Item => ({ role: name, label: labels[name] ?? name });
  const quit: Item = { role: 'quit', label: mac ? macQuit[options.locale] : labels.quit };
  const items = (menu: 'file' | 'go' | 'help'): Item[] =>
    appCommands
      .filter((command) => command.menu === menu)
      .map((command) => ({
        label: command.label[options.locale],
        accelerator: command.accelerator,
        click: () => options.send(command.id),
      }));
  const development: Item[] = options.packaged
    ? []
    : [role('reload'), role('forceReload'), role('toggleDevTools'), separator];
  const edit: Item[] = [
    role('undo'),
    role('redo'),
    separator,
    role('cut'),
    role('copy'),
    role('paste'),
    ...(mac
      ? [role('pasteAndMatchStyle'), role('delete'), role('selectAll')]
      : [role('delete'), separator, role('selectAll')]),
  ];
  // On macOS the first menu is always the app's own: About, Hide and Quit live there.
  const appMenu: Item = {
    role: 'appMenu',
    label: appName,
    submenu: [
      role('about'),
      separator,
      role('services'),
      separator,
      role('hide'),
      role('hideOthers'),
      role('unhide'),
      separator,
      quit,
    ],
  };
  return [
    ...(mac ? [appMenu] : []),
    { label: names.file, submenu: [...items('file'), ...(mac ? [] : [separator, quit])] },
    { role: 'editMenu', label: names.edit, submenu: edit },
    {
      label: names.view,
      submenu: [
        ...development,
        role('resetZoom'),
        role('zoomIn'),
        role('zoomOut'),
        separator,
        role('togglefullscreen'),
      ],
    },
    { label: names.go, submenu: items('go') },
    {
      role: 'help',
      label: names.help,
      submenu: [...items('help'), ...(mac ? [] : [separator, role('about')])],
    },
  ];
}
