import { runCli } from './run';
import { processInput } from './terminal-input';
import type { Io } from './io';
import { userWorkingDirectory } from './working-directory';

// Relative paths are the user's: under `npm run dcdesk`, npm started us in the package folder.
process.chdir(userWorkingDirectory(process.env, process.cwd()));

/** The `dcdesk` entry point: wires the real process to runCli. */
let stop: () => void = () => undefined;
const stopped = new Promise<void>((resolve) => {
  stop = resolve;
  process.once('SIGINT', resolve);
  process.once('SIGTERM', resolve);
});

// A reader that went away (`dcdesk … | head`) is not a crash: stop writing to it, and stop a run
// as Ctrl+C does, so a batch pauses, resumable, and says so on standard error.
let stdoutGone = false;
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  stdoutGone = true;
  stop();
});

const io: Io = {
  out: (text) => {
    if (!stdoutGone) process.stdout.write(`${text}\n`);
  },
  err: (text) => process.stderr.write(`${text}\n`),
  env: process.env,
  isTerminal: process.stderr.isTTY,
  progress: (line) => {
    if (line === null) process.stderr.write('\n');
    else
      process.stderr.write(`\r\x1b[2K${line.slice(0, Math.max(20, process.stderr.columns - 1))}`);
  },
  stopped,
  ...processInput(),
};

process.exitCode = await runCli(process.argv.slice(2), io);
