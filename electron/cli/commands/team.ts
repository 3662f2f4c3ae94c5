import { parseCommandLine } from '../flags';
import { counted, pluralForm } from '../../../shared/count-text';
import type { TeamStatus } from '../../../shared/contract/team';
import type { Command } from '../command';
import { dataDirFrom, openCliHistory } from '../history';
import { UsageError, exitCodes, reportError, type Io } from '../io';
import { cliTeam } from '../team';
import { parseTeamUrl } from '../../core/team/team-url';
import { shown } from '../escape-text';

const dataDir = { 'data-dir': { type: 'string' } } as const;

function printStatus(io: Io, status: TeamStatus, json: boolean): void {
  if (json) {
    io.out(JSON.stringify(status));
    return;
  }
  if (status.url === null) {
    io.out(
      'No team database: this workstation works alone. Connect one with dcdesk team connect URL.',
    );
    io.out(`analyst: ${shown(status.analyst)}`);
    return;
  }
  // One line each: the last error holds the team server's own words and the colleagues' names
  // come from that database, so a line feed in them would print a status line of its own.
  io.out(`team database: ${shown(status.url)}`);
  io.out(`analyst: ${shown(status.analyst)}`);
  // The login the database records with each change, and binds the analyst's name to.
  const login = parseTeamUrl(status.url);
  if (login.ok) {
    const binding =
      status.lastSyncAt === null
        ? 'the first sync binds the analyst name to it'
        : 'the analyst name is bound to it';
    io.out(`login: ${shown(login.url.user)} (recorded with each change; ${binding})`);
  }
  io.out(`last sync: ${status.lastSyncAt ?? 'never'}`);
  io.out(`changes waiting: ${String(status.waiting)}`);
  io.out(`password: ${passwordSource(io, status)}`);
  io.out(
    `colleagues seen: ${status.colleagues.length > 0 ? status.colleagues.map(shown).join(', ') : 'none yet'}`,
  );
  if (status.lastError) io.out(`last error: ${shown(status.lastError)}`);
}

/** Where the password a sync would use comes from, as `connection()` picks it (team-service.ts). */
function passwordSource(io: Io, status: TeamStatus): string {
  if (io.env.DCDESK_TEAM_PASSWORD) return 'given for this command (DCDESK_TEAM_PASSWORD)';
  const fromEnv = io.env.DCDESK_TEAM_URL?.trim() ? parseTeamUrl(io.env.DCDESK_TEAM_URL) : null;
  if (fromEnv?.ok && fromEnv.url.password !== undefined) return 'given in DCDESK_TEAM_URL';
  return status.passwordSaved ? 'saved in the OS keychain (hidden)' : 'none saved';
}

async function withTeamOf(
  argv: string[],
  io: Io,
  extra: Record<string, { type: 'boolean' | 'string' }>,
  work: (
    team: ReturnType<typeof cliTeam>,
    values: Record<string, unknown>,
    positionals: string[],
  ) => Promise<number>,
): Promise<number> {
  const { values, positionals } = parseCommandLine({
    args: argv,
    options: { ...dataDir, ...extra },
    strict: true,
    allowPositionals: true,
  });
  const history = await openCliHistory(dataDirFrom(values['data-dir'], io), io);
  try {
    return await work(cliTeam(history.db, io), values, positionals);
  } finally {
    history.close();
  }
}

const actions: Record<string, (argv: string[], io: Io) => Promise<number>> = {
  connect: (argv, io) =>
    withTeamOf(
      argv,
      io,
      { 'password-stdin': { type: 'boolean' }, json: { type: 'boolean' } },
      async (team, values, positionals) => {
        const [url, ...more] = positionals;
        if (url === undefined)
          throw new UsageError(
            'Give the URL: dcdesk team connect postgresql://USER@HOST:PORT/DATABASE',
          );
        if (more.length > 0) throw new UsageError(`Unexpected argument '${shown(more[0] ?? '')}'.`);
        // The password: one written in the URL, else the first line of stdin (--password-stdin),
        // else asked without showing it on a terminal; none for trust or .pgpass setups. It goes
        // to the keychain, never into the URL kept here.
        const parsed = parseTeamUrl(url);
        const password =
          parsed.ok && parsed.url.password !== undefined
            ? undefined
            : values['password-stdin'] === true
              ? await io.readSecret('')
              : io.stdinIsTerminal
                ? await io.readSecret('Team database password (not shown; Enter for none): ')
                : undefined;
        const connected = await team.connect(url, password || undefined);
        if (!connected.ok) return reportError(io, connected.error);
        printStatus(io, await team.statusWithKeychain(), values.json === true);
        if (connected.value.lastError) return exitCodes.failed;
        return exitCodes.ok;
      },
    ),
  status: (argv, io) =>
    withTeamOf(argv, io, { json: { type: 'boolean' } }, async (team, values) => {
      // A DCDESK_TEAM_URL a sync would refuse is refused here too, in the same words: a status
      // mixing its URL with the linked team's syncs and colleagues would describe neither.
      const refused = team.refusal();
      if (refused) return reportError(io, refused);
      printStatus(io, await team.statusWithKeychain(), values.json === true);
      return exitCodes.ok;
    }),
  sync: (argv, io) =>
    withTeamOf(argv, io, { json: { type: 'boolean' } }, async (team, values) => {
      const synced = await team.sync();
      if (!synced.ok) return reportError(io, synced.error);
      const { pushed, answers, pulled, applied, passedOver } = synced.value;
      if (values.json === true)
        io.out(
          JSON.stringify({ pushed, answers, pulled, applied, passedOver, status: team.status() }),
        );
      else
        io.out(
          `Synced: pushed ${counted(pushed, 'outcome change', 'outcome changes')} and ${counted(answers, 'answer')}; pulled ${counted(pulled, 'change')} from colleagues; the outcome of ${counted(applied, 'transaction')} changed here.`,
        );
      if (passedOver > 0)
        io.err(
          `dcdesk: warning: passed over ${counted(passedOver, 'change')} from the team database: written outside the app, ${pluralForm(passedOver, { one: 'it', other: 'they' })} cannot be trusted (a forged ID, environment or time). Ask the database's administrator who can write to it.`,
        );
      return exitCodes.ok;
    }),
  disconnect: (argv, io) =>
    withTeamOf(argv, io, {}, async (team) => {
      const before = team.status().url;
      const done = await team.disconnect();
      if (!done.ok) return reportError(io, done.error);
      io.out(
        before === null
          ? 'No team database was connected; nothing changed.'
          : `Disconnected from ${shown(before)}; its saved password, if any, left the keychain. Everything here stays, and the changes made from now on wait until a team is connected.`,
      );
      return exitCodes.ok;
    }),
};

export const teamCommand: Command = {
  name: 'team',
  options: { ...dataDir, json: { type: 'boolean' }, 'password-stdin': { type: 'boolean' } },
  summary: 'connect to the team database, see its status, sync, disconnect',
  usage: `dcdesk team connect URL [--password-stdin] [--json] [--data-dir DIR]
       dcdesk team status [--json] [--data-dir DIR]
       dcdesk team sync [--json] [--data-dir DIR]
       dcdesk team disconnect [--data-dir DIR]

A fraud team shares reviews, answers (never a CPF, e-mail, phone, CEP or name) and one upload
ledger on a PostgreSQL database. Everything keeps working without it; changes wait here and go
with the next sync.

  connect     links this data folder to the database at URL (postgresql://USER@HOST:PORT/DATABASE),
              brings its schema up to date and syncs. The password is asked without showing it
              on a terminal (or, with --password-stdin, read from the first line of stdin; a
              script without it connects with none, for trust or .pgpass set-ups) and kept in the
              OS keychain, never in the URL kept here. TLS is required unless the server is on
              this machine. It needs the analyst name set first, and refuses another
              application's database and, while this data folder is linked to a team, another
              one (disconnect first).
  status      the database, the analyst name, the last sync, the changes waiting, whether its
              password is in the keychain and the colleagues seen (--json: {url, analyst, osUser,
              passwordSaved, lastSyncAt, lastError, waiting, colleagues, syncing})
  sync        pushes the changes made here and pulls the colleagues' ones now
  disconnect  unlinks the database and deletes its password from the keychain

The analyst name is the analystName setting (dcdesk settings set analystName NAME), else the OS
user. For one command: DCDESK_TEAM_URL names the database (DCDESK_TEAM_PASSWORD its password,
unless the URL or the keychain has it) and DCDESK_ANALYST the analyst. With a team, 'outcomes
build' and 'upload' sync first and use the team's ledger.`,
  async run(argv: string[], io: Io) {
    const [action, ...rest] = argv;
    if (action === undefined)
      throw new UsageError('Say what to do: connect, status, sync or disconnect.');
    const run = Object.hasOwn(actions, action) ? actions[action] : undefined;
    if (!run)
      throw new UsageError(`Unknown action '${action}': use connect, status, sync or disconnect.`);
    return run(rest, io);
  },
};
