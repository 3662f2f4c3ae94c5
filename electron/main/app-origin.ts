/**
 * Where the app's own pages live. Plain constants and one pure check, with no Electron import, so
 * the IPC guard that uses them can be unit-tested in Node.
 */
export const appScheme = 'app';
export const appHost = 'desk';
export const appOrigin = `${appScheme}://${appHost}`;
export const appUrl = `${appOrigin}/index.html`;

/**
 * Whether a URL belongs to the app (`app://desk/…`). Compares scheme and host rather than
 * `new URL(url).origin`: Node gives every non-special scheme, `app:` and `file:` included, the
 * opaque origin `'null'`, so an origin comparison would let `file:///…` pass as ours.
 */
export function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (
      parsed.protocol === `${appScheme}:` &&
      parsed.host === appHost &&
      parsed.username === '' &&
      parsed.password === ''
    );
  } catch {
    return false;
  }
}
