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
  /**
   * Whether the connection must use TLS: every host but loopback and unix sockets, and loopback
   * too when the URL's sslmode is require, verify-ca or verify-full.
   */
  tls: boolean;
  /** The URL to keep in settings: the same connection without the password. */
  stored: string;
}

export type TeamUrlResult =
  { ok: true; url: TeamUrl } | { ok: false; code: TeamUrlErrorCode; message: string };

const loopback = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
const sslmodes = new Set(['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full']);

/** A server on this machine: loopback or a unix socket (a path), where TLS is not needed. */
export function localHost(host: string): boolean {
  return host.startsWith('/') || loopback.has(host);
}

/**
 * A host as DNS reads it, in lower case (a URL of a scheme browsers do not know keeps the case as
 * typed); a unix socket's folder is a path, kept as it is.
 */
function hostName(host: string): string {
  return host.startsWith('/') ? host : host.toLowerCase();
}

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
  let database: string;
  let user: string;
  let password: string | undefined;
  try {
    database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
    user = decodeURIComponent(parsed.username);
    // A password given as a parameter counts as one: it goes to the keychain like any other.
    const given = parsed.password
      ? decodeURIComponent(parsed.password)
      : parsed.searchParams.get('password');
    password = given || undefined;
  } catch {
    return failure(
      'team-url-invalid',
      'The team database URL holds a % that is not part of an escape: write a % in a user name, password or database name as %25.',
    );
  }
  // The host a host= parameter names is the one connected to: it decides whether TLS is needed.
  const named = parsed.searchParams.get('host');
  const host = hostName((named ?? parsed.hostname).replace(/^\[(.*)\]$/, '$1'));
  if (!host || !database || !user)
    return failure(
      'team-url-invalid',
      'The team database URL needs a user, a host and a database: postgresql://USER@HOST:PORT/DATABASE.',
    );
  const socket = host.startsWith('/');
  const local = localHost(host);
  const sslmode = parsed.searchParams.get('sslmode');
  if (sslmode !== null && !sslmodes.has(sslmode))
    return failure(
      'team-url-invalid',
      'The team database URL has an sslmode PostgreSQL does not know: use require, verify-ca or verify-full, or leave it out.',
    );
  // As libpq: require and verify-* demand TLS whatever the host (a loopback port may be a
  // tunnel); a unix socket has no TLS, and libpq ignores sslmode there.
  const demanded = sslmode === 'require' || sslmode === 'verify-ca' || sslmode === 'verify-full';
  if (!local && sslmode === 'disable')
    return failure(
      'team-url-tls-required',
      `The team database at ${host} is on the network, so the connection must use TLS; remove sslmode=disable from the URL.`,
    );
  const stored = new URL(parsed.toString());
  stored.password = '';
  stored.searchParams.delete('password');
  // One spelling per team: a postgresql: URL keeps its host's case, so the link and the keychain
  // entry would otherwise take DB.example and db.example for two teams.
  stored.hostname = hostName(stored.hostname);
  if (named !== null) stored.searchParams.set('host', host);
  return {
    ok: true,
    url: {
      host,
      port: parsed.port ? Number(parsed.port) : 5432,
      database,
      user,
      password,
      tls: !local || (demanded && !socket),
      stored: stored.toString(),
    },
  };
}
