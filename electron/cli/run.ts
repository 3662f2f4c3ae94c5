import { fileFailureText, historyFailureText } from '../core/local-failure';
import { doubtOpenHistories } from '../core/store/doubt';
import { isCorruption } from '../core/store/engine';
import { busyText, isBusy } from '../core/store/busy';
import { authCommand } from './commands/auth';
import { batchesCommand } from './commands/batches';
import { bulkCommand } from './commands/bulk';
import { credentialsCommand } from './commands/credentials';
import { lookupCommand } from './commands/lookup';
import { outcomesCommand } from './commands/outcomes';
import { purgeCommand } from './commands/purge';
import { reportCommand } from './commands/report';
import { sandboxCommand } from './commands/sandbox';
import { settingsCommand } from './commands/settings';
import { teamCommand } from './commands/team';
import { uploadCommand } from './commands/upload';
import { uploadsCommand } from './commands/uploads';
import { versionCommand } from './commands/version';
import { completionCommand } from './commands/completion';
import type { Command } from './command';
import { CommandExit, FileError, UsageError, exitCodes, type Io } from './io';
import { describeArgumentError, nearest } from './suggest';
import { terminalSafeIo } from './terminal-text';
import { globalOptions, takeVerbosity } from './verbosity';
import { messageOf } from '../../shared/message-of';
import { shown } from './escape-text';

const commands: Command[] = [
  sandboxCommand,
  credentialsCommand,
  authCommand,
  lookupCommand,
  bulkCommand,
  batchesCommand,
  outcomesCommand,
  uploadCommand,
  uploadsCommand,
  reportCommand,
  teamCommand,
  settingsCommand,
  purgeCommand,
  versionCommand,
  completionCommand(() => commands),
];

function overview(): string {
  const width = Math.max(...commands.map((command) => command.name.length));
  const lines = commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`);
  return `dcdesk: Device Check Desk on the command line\n\nUsage: dcdesk <command> [options]\n\nCommands:\n${lines.join('\n')}\n\nOptions for every command:\n  -q, --quiet    print only results, errors and what to do about them\n  -v, --verbose  also print the data folder, the destination and the settings used\n\nRun 'dcdesk <command> --help' for a command's options.`;
}

/** Whether the command line names a command that stops gently on Ctrl+C (see Command). */
export function stopsGently(argv: readonly string[]): boolean {
  try {
    const [name] = takeVerbosity(argv).argv;
    return commands.some((command) => command.name === name && command.stoppable === true);
  } catch {
    return false;
  }
}

/** `node:util` parseArgs throws TypeErrors with codes for unknown or malformed options. */
function argumentErrorCode(caught: unknown): string | null {
  const code = (caught as { code?: unknown } | null)?.code;
  return caught instanceof Error && typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')
    ? code
    : null;
}

/**
 * Runs one command line and returns its exit code; never throws. Everything it prints goes
 * through `terminalText` (see terminalSafeIo).
 */
export async function runCli(rawArgv: string[], rawIo: Io): Promise<number> {
  const safeIo = terminalSafeIo(rawIo);
  let taken: ReturnType<typeof takeVerbosity>;
  try {
    taken = takeVerbosity(rawArgv);
  } catch (caught) {
    safeIo.err(`dcdesk: ${messageOf(caught)}`);
    return exitCodes.usage;
  }
  const io: Io = { ...safeIo, verbosity: taken.verbosity };
  const [first, ...afterFirst] = taken.argv;
  // `dcdesk help bulk` is `dcdesk bulk --help`; `dcdesk --version` is `dcdesk version`, with its
  // checks (`dcdesk --version --help`, `dcdesk help -V`).
  const helpWith = first === 'help' && afterFirst.length > 0;
  const [typed, ...rest] = helpWith ? [...afterFirst, '--help'] : taken.argv;
  const name = typed === '--version' || typed === '-V' ? 'version' : typed;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.out(overview());
    return name === undefined ? exitCodes.usage : exitCodes.ok;
  }
  if (helpWith && name.startsWith('-')) {
    io.err(`dcdesk: help takes a command's name, such as: dcdesk help bulk`);
    return exitCodes.usage;
  }
  const command = commands.find((candidate) => candidate.name === name);
  if (!command && name.startsWith('-')) {
    // `dcdesk --data-dir X batches`: the options belong after the command's name.
    const named = taken.argv.find((arg) => commands.some((candidate) => candidate.name === arg));
    const rest = taken.argv.filter((arg) => arg !== named);
    io.err(
      named
        ? `dcdesk: options go after the command: dcdesk ${named} ${rest.map(shown).join(' ')}`
        : `dcdesk: options go after the command: dcdesk <command> ${taken.argv.map(shown).join(' ')}\nRun 'dcdesk --help' for the list of commands.`,
    );
    return exitCodes.usage;
  }
  if (!command) {
    const meant = nearest(
      name,
      commands.map((candidate) => candidate.name),
    );
    io.err(
      meant
        ? `dcdesk: unknown command '${shown(name)}'; did you mean '${meant}'?\nRun 'dcdesk --help' for the list of commands.`
        : `dcdesk: unknown command '${shown(name)}'.\n\n${overview()}`,
    );
    return exitCodes.usage;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(`Usage: ${command.usage}`);
    return exitCodes.ok;
  }
  try {
    return await command.run(rest, io);
  } catch (caught) {
    if (caught instanceof CommandExit) return caught.exitCode;
    if (caught instanceof FileError) {
      io.err(`dcdesk ${name}: ${shown(caught.message)}`);
      return exitCodes.failed;
    }
    const argumentCode = argumentErrorCode(caught);
    if (caught instanceof UsageError || argumentCode) {
      const message = argumentCode
        ? describeArgumentError(argumentCode, (caught as Error).message, [
            ...Object.keys(command.options).map((option) => `--${option}`),
            ...globalOptions,
          ])
        : shown((caught as Error).message);
      io.err(`dcdesk ${name}: ${message}\nRun 'dcdesk ${name} --help' for usage.`);
      return exitCodes.usage;
    }
    // Another process held the history's lock past the wait: held elsewhere, as a running batch
    // is (exit 2), and said so, never as SQLite's "database is locked".
    if (isBusy(caught)) {
      io.err(`dcdesk ${name}: ${busyText}`);
      return exitCodes.usage;
    }
    // The next opening reads the file end to end, and moves it aside if it is damaged.
    if (isCorruption(caught)) doubtOpenHistories();
    // A full disk, a missing folder or a read-only history is not a failure of dcdesk itself.
    const local =
      historyFailureText(caught) ??
      fileFailureText(caught, shown((caught as NodeJS.ErrnoException | null)?.path ?? 'a file'));
    if (local !== null) {
      io.err(`dcdesk ${name}: ${local}`);
      return exitCodes.failed;
    }
    const reason = messageOf(caught);
    io.err(`dcdesk ${name}: unexpected failure: ${shown(reason)}`);
    return exitCodes.failed;
  }
}
