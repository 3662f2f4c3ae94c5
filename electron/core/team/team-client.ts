import pg from 'pg';
import { fail, ok, type Result } from '../../../shared/result';
import { teamFailureMessage, type TeamSurface } from './team-errors';
import { checkTeamDatabase, checkTeamVersion, migrateTeamSchema } from './team-schema';
import type { TeamUrl } from './team-url';
import { checkTeamWrites } from './team-writes';

/** How long to wait for the server to accept a connection, and for one statement. */
const connectTimeoutMs = 10_000;
const statementTimeoutMs = 60_000;
const lockTimeoutMs = 20_000;
const idleInTransactionMs = 30_000;

/**
 * A connection to the team database, its schema brought up to date. node-postgres (`pg`) is the
 * client: the most used and maintained PostgreSQL client for Node, pure JavaScript (nothing
 * native to build for Electron), with parameterised queries and TLS. Certificates are verified
 * against the system's trusted ones whenever TLS is used. Errors come back as a `team` failure
 * whose message names the server and the user, never the password.
 */
export async function openTeamClient(
  url: TeamUrl,
  password: string | undefined,
  options: { migrate?: boolean; surface?: TeamSurface } = {},
): Promise<Result<pg.Client>> {
  const client = new pg.Client({
    host: url.host,
    port: url.port,
    database: url.database,
    user: url.user,
    password,
    ssl: url.tls ? { rejectUnauthorized: true, servername: url.host } : false,
    connectionTimeoutMillis: connectTimeoutMs,
    statement_timeout: statementTimeoutMs,
    // A connection that dies holding a lock must not hold the team: the server ends a
    // transaction left idle, a lock is waited for only so long, and dead peers are noticed.
    lock_timeout: lockTimeoutMs,
    idle_in_transaction_session_timeout: idleInTransactionMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    query_timeout: statementTimeoutMs + 5_000,
    application_name: 'Device Check Desk',
  });
  // A connection that dies while idle emits 'error'; the next query fails with it instead.
  client.on('error', () => undefined);
  try {
    await client.connect();
    // A test only reads: whether this is a team database (or an empty one Connect may set up).
    if (options.migrate ?? true) await migrateTeamSchema(client);
    else if (await checkTeamDatabase(client)) await checkTeamVersion(client);
    await checkTeamWrites(client);
    return ok(client);
  } catch (caught) {
    await client.end().catch(() => undefined);
    return fail('team', teamFailureMessage(caught, url, [password, url.password], options.surface));
  }
}
