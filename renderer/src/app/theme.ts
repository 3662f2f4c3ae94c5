import { useEffect } from 'react';

/** Applies the theme setting; `system` leaves it to the OS through prefers-color-scheme. */
export function useTheme(theme: 'system' | 'light' | 'dark' | undefined): void {
  useEffect(() => {
    const root = document.documentElement;
    if (!theme || theme === 'system') delete root.dataset.theme;
    else root.dataset.theme = theme;
  }, [theme]);
}
