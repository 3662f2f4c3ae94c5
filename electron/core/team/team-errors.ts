import { messageOf } from '../../../shared/message-of';
import { NotTeamDatabase, TeamSchemaGap, TeamSchemaNewer, TeamSchemaOutdated } from './team-schema';
import { cleanName } from './analyst';
import { localHost, type TeamUrl } from './team-url';
import { createRedactor } from '../service/redact';
import { refusedState } from './team-guards';
import { LoginCannotWrite } from './team-writes';

/**
 * Where the analyst reads a failure: the CLI's messages name `dcdesk team connect`, the
 * window's none (the analyst is in Settings → Team, or its last error, already); `any` names
 * both, for a caller that cannot tell.
 */
export type TeamSurface = 'cli' | 'window' | 'any';

/** How to connect again, as a parenthesis after a sentence ('' in the window). */
function reconnectHint(surface: TeamSurface, piped = false): string {
  const cli = piped
    ? 'dcdesk team connect, with --password-stdin when piped'
    : 'dcdesk team connect';
  if (surface === 'window') return '';
  return surface === 'cli' ? ` (${cli})` : ` (${cli}, or Settings → Team)`;
}

/**
 * A failure of the team database in words an analyst can act on. The message names the server
 * and the user, never the password, and never repeats what the server said verbatim when that
 * could carry one (a connection string in an error, say).
 */
export function teamFailureMessage(
  caught: unknown,
  url: Pick<TeamUrl, 'host' | 'port' | 'user' | 'database'>,
  secrets: ReadonlyArray<string | undefined> = [],
  surface: TeamSurface = 'any',
): string {
  // A server may echo anything, a password included, escaped as a connection URL or a form
  // writes it: every secret known here is hidden in any of those spellings.
  const redactor = createRedactor();
  for (const secret of secrets) if (secret) redactor.remember(secret);
  const said = describe(caught, url, surface);
  // Shown after a title ("The team database failed."): a sentence of its own, capitalised.
  return redactor.text(said.charAt(0).toUpperCase() + said.slice(1));
}

function describe(
  caught: unknown,
  url: Pick<TeamUrl, 'host' | 'port' | 'user' | 'database'>,
  surface: TeamSurface,
) {
  if (
    caught instanceof TeamSchemaOutdated ||
    caught instanceof TeamSchemaNewer ||
    caught instanceof TeamSchemaGap
  )
    return caught.message;
  const where = `the team database at ${url.host}:${String(url.port)}`;
  if (caught instanceof LoginCannotWrite)
    return `The user ${url.user} can read ${where} but cannot write to it (no INSERT on ${caught.tables.join(', ')}), so it could share nothing. Ask the database's administrator to make it a member of dcdesk_analyst, with the grants in docs/team-database.md.`;
  if (caught instanceof NotTeamDatabase)
    return `The database ${url.database} at ${url.host}:${String(url.port)} is not a Device Check Desk team database: it holds other tables (${caught.tables.slice(0, 5).map(cleanName).join(', ')}) and no team schema. Nothing was changed there. Check the database's name in the URL: a team database starts empty (docs/team-database.md).`;
  const code = (caught as { code?: unknown } | null)?.code;
  switch (code) {
    case 'ECONNREFUSED':
      return `Could not connect to ${where}: the connection was refused. Is the server running, and is the port right?`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `Could not connect to ${where}: the network has no way to it. Check the URL and the network.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `Could not connect to ${where}: the name ${url.host} could not be found. Check the URL and the network.`;
    case 'ETIMEDOUT':
    case 'ECONNRESET':
    case 'EPIPE':
    case '57P01':
    case '57P02':
    case '57P03':
    case '08000':
    case '08003':
    case '08006':
      return `The connection to ${where} was cut. Nothing is lost: the changes wait here and go with the next sync.`;
    case '28P01':
    case '28000':
      return `${where} refused the user ${url.user} or its password. Connect again with the right password${reconnectHint(surface)}.`;
    case '3D000':
      return `${where} has no database named ${url.database}.`;
    case refusedState:
      // A change the database's guards refuse (team-guards.ts): the app makes none of them, so
      // the database was changed by hand, or a colleague's login took over this upload's line.
      // The server's sentence is one of the guards' own, shortened in case it is not.
      return `The team database at ${url.host}:${String(url.port)} refused a change: ${messageOf(caught).slice(0, 200)} Nothing was changed there; if this repeats, ask the database's administrator.`;
    case '42501':
      return `The user ${url.user} lacks a permission on ${where}. Ask the database's administrator for the grants in docs/team-database.md.`;
    default:
      break;
  }
  const message = messageOf(caught);
  // node-postgres's words for a connection that died: "Connection terminated unexpectedly",
  // "… due to connection timeout", "Client has encountered a connection error and is not
  // queryable", "Client was closed and is not queryable".
  if (
    /Connection terminated|connection.*(closed|ended)|socket hang up|not queryable/i.test(message)
  )
    return `The connection to ${where} was cut. Nothing is lost: the changes wait here and go with the next sync.`;
  if (/timeout|timed out/i.test(message))
    return `${where} did not answer in time. Nothing is lost: the changes wait here and go with the next sync.`;
  // On this machine TLS is needed only when the URL's sslmode asks for it (team-url.ts).
  if (/server does not support SSL/i.test(message))
    return localHost(url.host)
      ? `${where} does not offer TLS, which the URL's sslmode demands. On this machine TLS may be left out: remove sslmode from the URL.`
      : `${where} does not offer TLS, which a team database on the network must.`;
  if (/SSL|TLS|certificate/i.test(message))
    return `The TLS connection to ${where} failed: the server must offer TLS with a certificate this computer trusts.`;
  if (/password/i.test(message))
    return `${where} asked for a password and none is saved. Connect again with it${reconnectHint(surface, true)}.`;
  return `The team database at ${url.host}:${String(url.port)} failed: ${message.replace(/postgres(ql)?:\/\/\S+/gi, '[url]').slice(0, 300)}`;
}
