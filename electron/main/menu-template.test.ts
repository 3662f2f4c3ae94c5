import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import type { AppCommandId } from '../../shared/app-commands';
import { menuTemplate } from './menu-template';
import type { NoticeLocale } from './pause-notice';

type Item = MenuItemConstructorOptions;

/** Every item of the menu, submenus included, but the separators (which have no text). */
function allItems(items: Item[]): Item[] {
  return items.flatMap((item) => {
    if (item.type === 'separator') return [];
    const submenu = Array.isArray(item.submenu) ? item.submenu : [];
    return [item, ...allItems(submenu)];
  });
}

const platforms = ['darwin', 'win32', 'linux'] as const;
const cases = platforms.flatMap((platform) =>
  [true, false].flatMap((packaged) =>
    (['en', 'pt-BR'] as const).map((locale) => ({ platform, packaged, locale })),
  ),
);

const build = (locale: NoticeLocale, platform: NodeJS.Platform, packaged = true) =>
  menuTemplate({ locale, platform, packaged, send: () => undefined });

describe('menuTemplate', () => {
  it.each(cases)(
    'gives every menu and item a label of its own ($locale, $platform, packaged: $packaged)',
    ({ locale, platform, packaged }) => {
      // A role without a label, or a role menu without its items (editMenu, appMenu), shows
      // Electron's English defaults whatever the app's language.
      const unlabelled = allItems(build(locale, platform, packaged)).filter(
        (item) => !item.label || (item.role?.endsWith('Menu') && !Array.isArray(item.submenu)),
      );
      expect(unlabelled.map((item) => item.role ?? item.id)).toEqual([]);
    },
  );

  it('names the menus in Portuguese when the app speaks it', () => {
    expect(build('pt-BR', 'linux').map((menu) => menu.label)).toEqual([
      'Arquivo',
      'Editar',
      'Exibir',
      'Ir',
      'Ajuda',
    ]);
    expect(build('en', 'win32').map((menu) => menu.label)).toEqual([
      'File',
      'Edit',
      'View',
      'Go',
      'Help',
    ]);
  });

  it('labels the role items in Portuguese: no English left', () => {
    for (const platform of platforms) {
      const english = new Map(
        allItems(build('en', platform, false)).map((item) => [item.role ?? item.label, item.label]),
      );
      for (const item of allItems(build('pt-BR', platform, false))) {
        // The app's name reads the same in both languages.
        if (item.label === 'Device Check Desk') continue;
        expect(item.label, `${platform} ${item.role ?? ''}`).not.toBe(
          english.get(item.role ?? item.label),
        );
      }
    }
    const labels = allItems(build('pt-BR', 'linux')).map((item) => item.label);
    expect(labels).toEqual(
      expect.arrayContaining(['Desfazer', 'Copiar', 'Colar', 'Sair', 'Tela cheia']),
    );
    expect(labels).toContain('Sobre o Device Check Desk');
  });

  it('keeps the roles, so copy, paste and zoom keep their keys and behaviour', () => {
    const roles = allItems(build('pt-BR', 'darwin')).map((item) => item.role);
    for (const role of ['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll', 'quit', 'about'])
      expect(roles).toContain(role);
    for (const role of ['resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen'])
      expect(roles).toContain(role);
  });

  it('puts the macOS app menu first, and the development items only in development', () => {
    expect(build('en', 'darwin')[0]).toMatchObject({ role: 'appMenu', label: 'Device Check Desk' });
    const roles = (packaged: boolean) =>
      allItems(build('en', 'linux', packaged)).map((item) => item.role);
    expect(roles(true)).not.toContain('toggleDevTools');
    expect(roles(false)).toContain('toggleDevTools');
  });

  it('sends the app’s own commands to the window', () => {
    const sent: AppCommandId[] = [];
    const template = menuTemplate({
      locale: 'pt-BR',
      platform: 'linux',
      packaged: true,
      send: (command) => sent.push(command),
    });
    const item = allItems(template).find((entry) => entry.label === 'Importar uma planilha…');
    item?.click?.(
      ...([] as unknown as Parameters<NonNullable<MenuItemConstructorOptions['click']>>),
    );
    expect(sent).toEqual(['import.open']);
  });
});
