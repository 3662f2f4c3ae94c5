import { fileFailureText, historyFailureText } from '../core/local-failure';
import { authCommand } from './commands/auth';
import { batchesCommand } from './commands/batches';
import { bulkCommand } from './commands/bulk';
import { credentialsCommand } from './commands/credentials';
import { lookupCommand } from './commands/lookup';
import { outcomesCommand } from './commands/outcomes';
import { purgeCommand } from './commands/purge';
import { sandboxCommand } from './commands/sandbox';
import { settingsCommand } from './commands/settings';
import { uploadCommand } from './commands/upload';
import { uploadsCommand } from './commands/uploads';
import type { Command } from './command';
import { UsageError, exitCodes, type Io } from './io';

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
  settingsCommand,
  purgeCommand,
];

function overview(): string {
  const width = Math.max(...commands.map((command) => command.name.length));
  const lines = commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`);
  return `dcdesk: Device Check Desk on the command line\n\nUsage: dcdesk <command> [options]\n\nCommands:\n${lines.join('\n')}\n\nRun 'dcdesk <command> --help' for a command's options.`;
}

/** `node:util` parseArgs throws TypeErrors with codes for unknown or malformed options. */
function isArgumentError(caught: unknown): caught is Error {
  const code = (caught as { code?: unknown } | null)?.code;
  return caught instanceof Error && typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS');
}

/** Runs one command line and returns its exit code; never throws. */
export async function runCli(argv: string[], io: Io): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.out(overview());
    return name === undefined ? exitCodes.usage : exitCodes.ok;
  }
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) {
    io.err(`dcdesk: unknown command '${name}'.\n\n${overview()}`);
    return exitCodes.usage;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(`Usage: ${command.usage}`);
    return exitCodes.ok;
  }
  try {
    return await command.run(rest, io);
  } catch (caught) {
    if (caught instanceof UsageError || isArgumentError(caught)) {
      io.err(`dcdesk ${name}: ${caught.message}\nRun 'dcdesk ${name} --help' for usage.`);
      return exitCodes.usage;
    }
    // A full disk, a missing folder or a read-only history is not a failure of dcdesk itself.
    const local =
      historyFailureText(caught) ??
      fileFailureText(caught, (caught as NodeJS.ErrnoException | null)?.path ?? 'a file');
    if (local !== null) {
      io.err(`dcdesk ${name}: ${local}`);
      return exitCodes.failed;
    }
    const reason = caught instanceof Error ? caught.message : String(caught);
    io.err(`dcdesk ${name}: unexpected failure: ${reason}`);
    return exitCodes.failed;
  }
}
