import { useEffect } from 'react';

const focusable =
  'button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), a[href], [tabindex]:not([tabindex="-1"])';

/** In the page, not inside a hidden screen or a closed dialog. */
function shown(element: Element): boolean {
  return element.isConnected && element.getClientRects().length > 0;
}

/** Where focus is lost: nowhere, or on a control that can no longer hold it. */
function lost(active: Element | null): boolean {
  if (!active || active === document.body) return true;
  return ('disabled' in active && active.disabled === true) || !shown(active);
}

/** A screen's heading takes focus when the screen itself changed (it needs tabIndex -1). */
function heading(screen: Element): HTMLElement | null {
  const title = screen.querySelector<HTMLElement>('h2');
  if (!title || !shown(title)) return null;
  if (!title.hasAttribute('tabindex')) title.tabIndex = -1;
  return title;
}

/**
 * Where focus goes once `chain` (the element that had it, then its ancestors, as they were) lost
 * it: the first usable control of the nearest part still shown, or the screen's heading when
 * nothing smaller than the screen survived (a screen opened or changed).
 */
function rescueTarget(chain: readonly Element[]): HTMLElement | null {
  const main = document.getElementById('main-content');
  for (const ancestor of chain.slice(1)) {
    if (!shown(ancestor)) continue;
    if (ancestor === main || ancestor.classList.contains('page') || ancestor === document.body) {
      const screen = main?.querySelector(':scope > div:not([hidden])');
      return (screen && heading(screen)) ?? main;
    }
    const control = [...ancestor.querySelectorAll<HTMLElement>(focusable)].find(shown);
    if (control) return control;
  }
  return null;
}

/**
 * A safety net for keyboard users, for the whole window: when the control that had focus is
 * disabled or removed (a button that disables itself, a row that leaves a list, a dialog closing
 * onto an opener that is gone, a screen that opens), the browser drops focus to the page's body
 * and the next Tab starts from the top. Focus goes to the nearest part of the screen still there
 * instead. Components that know a better place (the next row, an Undo) move focus themselves;
 * this only acts when focus is actually lost.
 */
export function useFocusKeeper(): void {
  useEffect(() => {
    let chain: Element[] = [];
    const remember = (event: FocusEvent) => {
      const path: Element[] = [];
      for (let node = event.target as Element | null; node; node = node.parentElement)
        path.push(node);
      chain = path;
    };
    const check = () => {
      if (chain.length === 0 || !lost(document.activeElement)) return;
      const [had] = chain;
      // A click on an empty part of the page also leaves focus on the body: that is the
      // analyst's choice, not a loss, when the control is still there and usable.
      if (had && document.activeElement === document.body && !lost(had)) return;
      // Never scrolled to: a focus the analyst did not ask for must not move what they see (a
      // batch's results, back from a device, keep the row they had scrolled to).
      rescueTarget(chain)?.focus({ preventScroll: true });
    };
    // Chromium moves focus off a disabled control at its next rendering step, so the check runs
    // then, after every change to the page.
    let frame = 0;
    const observer = new MutationObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(check);
    });
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['disabled', 'hidden', 'open'],
    });
    document.addEventListener('focusin', remember);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      document.removeEventListener('focusin', remember);
    };
  }, []);
}

/**
 * After the change being made now is on the page (the next frame), focuses the first of the
 * elements named by `testIds` that is there and usable: for a control that knows where the
 * analyst goes next (the next row to fix, an Undo), better than the safety net's guess.
 */
export function focusSoon(...testIds: string[]): void {
  requestAnimationFrame(() => {
    for (const testId of testIds) {
      const element = document.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
      if (element && !lost(element)) {
        element.focus();
        return;
      }
    }
  });
}
