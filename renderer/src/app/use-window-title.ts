import { useEffect } from 'react';
import { useI18n } from '../i18n/i18n';

/**
 * Names the current screen in the window's title ("Review — Device Check Desk"), in the window's
 * language: a screen reader says it on a change of screen, and the window switcher shows it
 * (WCAG 2.4.2). Every section stays in the page (hidden, not unmounted), so the shell calls this
 * with the section shown rather than each screen with its own.
 */
export function useWindowTitle(screen: string): void {
  const { t } = useI18n();
  const title = t('app.windowTitle', { screen });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
