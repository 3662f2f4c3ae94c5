import { isAppUrl } from './app-origin';

/**
 * What every web contents of the app may do, as pure decisions with no Electron import, so Vitest
 * checks them in plain Node. `contents-guard.ts` applies them to each web contents Electron
 * creates (`web-contents-created`): the window's, and any other that something might create.
 */

/** External links the app may open in the user's browser: the service's own sites. */
const externalHosts = new Set(['devicecheck.clearsale.com.br', 'devicecheckhml.clearsale.com.br']);

/** `https:` and one of the service's hosts, with no credentials or port in the URL. */
export function isAllowedExternal(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (
      parsed.protocol === 'https:' &&
      externalHosts.has(parsed.hostname) &&
      parsed.username === '' &&
      parsed.password === '' &&
      parsed.port === ''
    );
  } catch {
    return false;
  }
}

/**
 * A navigation (or redirect, in any frame) may go only to the app's own pages; anything else
 * would put another site where the bridge to the core is.
 */
export function mayNavigate(url: string): boolean {
  return isAppUrl(url);
}

export interface WindowOpenDecision {
  /** Always deny: the app has one window, and a page it did not make never gets a second. */
  action: 'deny';
  /** The URL to hand to the user's browser instead, or null to open nothing. */
  openExternally: string | null;
}

/** A request for a new window (`window.open`, a target=_blank link, a middle click). */
export function windowOpenDecision(url: string): WindowOpenDecision {
  return { action: 'deny', openExternally: isAllowedExternal(url) ? url : null };
}

/** `<webview>` would embed a page with its own, unguarded preferences: never attached. */
export function mayAttachWebview(): boolean {
  return false;
}
