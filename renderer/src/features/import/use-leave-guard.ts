import { useEffect } from 'react';

/**
 * While `unsent` is true, the browser asks before the page goes (F5, a closed tab): the fixes and
 * exclusions live only in this window, on purpose never in web storage (they hold CPFs, e-mails
 * and phones), so a reload would silently throw them away.
 *
 * Browser host only. In Electron a `beforeunload` handler that asks cancels the window's close
 * without a word unless the main process answers `will-prevent-unload` with a dialog, and ours
 * does not (electron/main has no such handler): the analyst's close button would silently stop
 * working, a worse defect than the one mended here.
 */
export function useLeaveGuard(unsent: boolean): void {
  useEffect(() => {
    if (!unsent || window.deviceCheck) return;
    const ask = (event: BeforeUnloadEvent) => {
      // What asks in the Chromium versions we run (the page's own text is never shown).
      event.preventDefault();
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsent]);
}
