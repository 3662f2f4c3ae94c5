import { parseCommandLine } from '../flags';
import { environmentNames, type EnvironmentName } from '../../../shared/environment';
import { createKeychainStore, type CredentialStore } from '../../core/credentials/keychain';
import { UsageError, exitCodes, reportError, type Io } from '../io';
import { note } from '../verbosity';
import type { Command } from '../command';
import { shown } from '../escape-text';

/** The keychain the CLI uses; DCDESK_KEYCHAIN_SERVICE lets tests and scripts use another entry. */
export function cliKeychain(io: Io): CredentialStore {
  return createKeychainStore({ service: io.env.DCDESK_KEYCHAIN_SERVICE || undefined });
}

const envOption = { env: { type: 'string' } } as const;
const setOptions = {
  ...envOption,
  username: { type: 'string' },
  'password-stdin': { type: 'boolean' },
} as const;

function environmentOf(text: string | undefined, io: Io): EnvironmentName {
  const name = text ?? io.env.DCDESK_ENV;
  if (name === undefined) throw new UsageError('--env production|test is required.');
  if (!(environmentNames as readonly string[]).includes(name))
    throw new UsageError(`Unknown environment '${name}': use production or test.`);
  return name as EnvironmentName;
}

function noteOverride(io: Io): void {
  if (io.env.DCDESK_USERNAME && io.env.DCDESK_PASSWORD)
    note(io, 'dcdesk: note: DCDESK_USERNAME and DCDESK_PASSWORD are set; they take precedence.');
}

/** Nothing typed or piped, or Ctrl+C: nothing is saved. */
function cancelled(io: Io, what: string): number {
  io.err(`dcdesk: no ${what} given (cancelled or end of input); nothing was saved.`);
  return exitCodes.usage;
}

async function set(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommandLine({
    args: argv,
    options: setOptions,
    strict: true,
    allowPositionals: true,
  });
  // A word after the options is most likely the password typed on the command line: it is not
  // printed back (it would sit on screen and in the terminal's scrollback).
  if (positionals.length > 0)
    throw new UsageError(
      'credentials set takes no argument besides its options, and what was typed is not shown: the password is asked without showing it, or read from stdin with --password-stdin. Nothing was saved; if that word was the password, clear it from your shell history.',
    );
  const environment = environmentOf(values.env, io);
  // Prompts only when a person can answer; a script says everything on the command line.
  const interactive = io.stdinIsTerminal && !values['password-stdin'];
  if (values.username === undefined && !interactive)
    throw new UsageError('--username is required when the password comes from stdin.');
  const username = values.username ?? (await io.readLine('User name: '));
  if (username === null) return cancelled(io, 'user name');
  const password = await io.readSecret(interactive ? 'Password (not shown): ' : '');
  if (password === null) return cancelled(io, 'password');
  const saved = await cliKeychain(io).save(environment, { username, password });
  if (!saved.ok) return reportError(io, saved.error);
  io.out(`Saved the ${environment} credentials of '${shown(username.trim())}' in the OS keychain.`);
  io.out(`Check them with: dcdesk auth --env ${environment}`);
  noteOverride(io);
  return exitCodes.ok;
}

const showOptions = { ...envOption, json: { type: 'boolean' } } as const;

async function show(argv: string[], io: Io): Promise<number> {
  const { values } = parseCommandLine({ args: argv, options: showOptions, strict: true });
  const environment = environmentOf(values.env, io);
  const username = await cliKeychain(io).username(environment);
  if (!username.ok) return reportError(io, username.error);
  if (values.json) {
    io.out(
      JSON.stringify({ environment, username: username.value, saved: username.value !== null }),
    );
    noteOverride(io);
    return exitCodes.ok;
  }
  io.out(`environment: ${environment}`);
  if (username.value === null) io.out('no credentials saved');
  // checkCredentials refuses controls in a saved name, but not the direction characters; a name
  // is escaped like every other value dcdesk prints.
  else io.out(`username: ${shown(username.value)}\npassword: saved in the OS keychain (hidden)`);
  noteOverride(io);
  return exitCodes.ok;
}

async function remove(argv: string[], io: Io): Promise<number> {
  const { values } = parseCommandLine({ args: argv, options: envOption, strict: true });
  const environment = environmentOf(values.env, io);
  const removed = await cliKeychain(io).remove(environment);
  if (!removed.ok) return reportError(io, removed.error);
  io.out(
    removed.value
      ? `Deleted the ${environment} credentials from the OS keychain.`
      : `No ${environment} credentials were saved; nothing to delete.`,
  );
  return exitCodes.ok;
}

const actions: Record<string, (argv: string[], io: Io) => Promise<number>> = {
  set,
  show,
  delete: remove,
};

export const credentialsCommand: Command = {
  name: 'credentials',
  options: { ...setOptions, ...showOptions },
  summary: 'save, show or delete the service credentials in the OS keychain',
  usage: `dcdesk credentials set --env production|test [--username NAME] [--password-stdin]
       dcdesk credentials show --env production|test [--json]
       dcdesk credentials delete --env production|test

Keeps the user name and password of each environment in the OS keychain; the sandbox needs none.
The password is never printed. show --json prints {environment, username, saved} (username null
when none is saved).

  set     asks for the user name (unless --username) and for the password without showing it.
          When stdin is not a terminal, or with --password-stdin, the password is the first
          line of stdin and --username is required:
            printf '%s\\n' "$PASSWORD" | dcdesk credentials set --env test --username analyst
  show    prints the user name and whether a password is saved
  delete  deletes the environment's entry

--env defaults to $DCDESK_ENV. DCDESK_USERNAME and DCDESK_PASSWORD, when both are set, take
precedence over the keychain. DCDESK_KEYCHAIN_SERVICE names another keychain entry
(default "Device Check Desk").`,
  async run(argv: string[], io: Io) {
    const [action, ...rest] = argv;
    if (action === undefined) throw new UsageError('Say what to do: set, show or delete.');
    const run = Object.hasOwn(actions, action) ? actions[action] : undefined;
    if (!run) throw new UsageError(`Unknown action '${action}': use set, show or delete.`);
    return run(rest, io);
  },
};
