/**
 * The team database's connection URL (issue 17). The URL kept in settings never holds a password
 * (that lives in the OS keychain), and TLS is required unless the server is on this machine
 * (loopback or a unix socket), where there is no network to protect.
 */

export type TeamUrlErrorCode = 'team-url-invalid' | 'team-url-tls-required';

export interface TeamUrl {
  host: string;
  port: number;
  database: string;
  user: string;
  /** The password the URL carried, for the keychain only; never stored with the URL. */
  password: string | undefined;
  /** Whether the connection must use TLS (every host but loopback and unix sockets). */
  tls: boolean;
  /** The URL to keep in settings: the same connection without the password. */
  stored: string;
}

export type TeamUrlResult =
  { ok: true; url: TeamUrl } | { ok: false; code: TeamUrlErrorCode; message: string };

const loopback = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

function failure(code: TeamUrlErrorCode, message: string): TeamUrlResult {
  return { ok: false, code, message };
}

export function parseTeamUrl(text: string): TeamUrlResult {
  let parsed: URL;
  try {
    parsed = new URL(text.trim());
  } catch {
    return failure(
      'team-url-invalid',
      'The team database URL is not a URL. Write it as postgresql://USER@HOST:PORT/DATABASE.',
    );
  }
  if (parsed.protocol !== 'postgresql:' && parsed.protocol !== 'postgres:')
    return failure(
      'team-url-invalid',
      `The team database URL starts with ${parsed.protocol}//; it must start with postgresql://.`,
    );
  const socket = parsed.searchParams.get('host');
  const host = socket ?? parsed.hostname;
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  const user = decodeURIComponent(parsed.username);
  if (!host || !database || !user)
    return failure(
      'team-url-invalid',
      'The team database URL needs a user, a host and a database: postgresql://USER@HOST:PORT/DATABASE.',
    );
  const local = socket?.startsWith('/') === true || loopback.has(parsed.hostname);
  const sslmode = parsed.searchParams.get('sslmode');
  if (!local && sslmode === 'disable')
    return failure(
      'team-url-tls-required',
      `The team database at ${parsed.hostname} is on the network, so the connection must use TLS; remove sslmode=disable from the URL.`,
    );
  const password = parsed.password ? decodeURIComponent(parsed.password) : undefined;
  const stored = new URL(parsed.toString());
  stored.password = '';
  return {
    ok: true,
    url: {
      host,
      port: parsed.port ? Number(parsed.port) : 5432,
      database,
      user,
      password,
      tls: !local,
      stored: stored.toString(),
    },
  };
}
