import type { IncomingMessage } from 'node:http';

/**
 * The sandbox listens on 127.0.0.1 only, yet a web page open in the analyst's browser can still
 * send it requests: cross-site ones (a form or `fetch` aimed at 127.0.0.1), and, by DNS rebinding,
 * same-origin ones under a name of its own that resolves to 127.0.0.1, which may read the answers
 * (uploaded transaction IDs, counters). The browser always sends the name it used as Host and the
 * page's origin as Origin on a cross-site POST; the app's own clients send neither a foreign Host
 * nor an Origin.
 */

/** The names this sandbox is reached by on its own machine. */
function ownAuthorities(port: number): string[] {
  const names = ['127.0.0.1', 'localhost'];
  // A client leaves HTTP's default port out of Host: on port 80 the bare name is its own too.
  return [...names.map((name) => `${name}:${port}`), ...(port === 80 ? names : [])];
}

/** Whether the request names this sandbox as its host (`127.0.0.1:PORT` or `localhost:PORT`). */
export function isOwnHost(req: IncomingMessage, port: number): boolean {
  const host = req.headers.host?.toLowerCase();
  return host !== undefined && ownAuthorities(port).includes(host);
}

/** Whether a page of another origin sent the request (`Origin: null` included). */
export function isForeignOrigin(req: IncomingMessage, port: number): boolean {
  const origin = req.headers.origin?.toLowerCase();
  if (origin === undefined) return false;
  return !ownAuthorities(port).some((authority) => origin === `http://${authority}`);
}

/**
 * Whether the body is declared JSON. A page may send `text/plain`, a form or multipart across
 * sites without asking; `application/json` needs a preflight the sandbox never grants.
 */
export function isJsonBody(req: IncomingMessage): boolean {
  const type = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  return type === 'application/json';
}
