import { Menu } from 'electron';
import type { AppCommandId } from '../../shared/app-commands';
import { menuTemplate } from './menu-template';
import type { NoticeLocale } from './pause-notice';

/** Sets the application menu (built and tested in menu-template.ts) in the app's language. */
export function installMenu(options: {
  packaged: boolean;
  locale: NoticeLocale;
  send: (command: AppCommandId) => void;
}): void {
  const template = menuTemplate({ ...options, platform: process.platform });
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
