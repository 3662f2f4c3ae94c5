import { runCli, stopsGently } from './run';
import { processInput } from './terminal-input';
import { exitCodes, type Io, type StopCause } from './io';
import { stdoutFailureText } from './stdout-failure';
import { currentFolder, userWorkingDirectory } from './working-directory';
import { guardUnfinishedExit } from './unfinished-exit';

// Standard error that went away (`dcdesk … 2>&1 | head`, a log reader that quit) loses the
// notices, not the command: its results still go to their file or standard output.
let stderrGone = false;
process.stderr.on('error', () => (stderrGone = true));
const writeErr = (text: string) => {
  if (!stderrGone) process.stderr.write(text);
};

// Relative paths are the user's: under `npm run dcdesk`, npm started us in the package folder.
const here = currentFolder();
if (here === null) {
  writeErr(
    'dcdesk: the current folder no longer exists (it was deleted or moved): change to a folder that exists, then run dcdesk again.\n',
  );
  process.exit(exitCodes.failed);
}
process.chdir(userWorkingDirectory(process.env, here));

/** The `dcdesk` entry point: wires the real process to runCli. */
// An end with the command still under way is said (a progress line ended first, on a terminal).
const finished = guardUnfinishedExit(process, (text) =>
  writeErr(`${process.stderr.isTTY ? '\n' : ''}${text}\n`),
);
let stop: (cause: StopCause) => void = () => undefined;
let stopNow: () => void = () => undefined;
const stopped = new Promise<StopCause>((resolve) => (stop = resolve));
const stoppedNow = new Promise<void>((resolve) => (stopNow = resolve));
// A command that can stop gently (a batch pauses, resumable) is asked to at the first Ctrl+C or
// SIGTERM and to stop its requests at the second; a third, or any signal to another command,
// ends the process at once with the shell's usual code (128 + the signal's number).
const argv = process.argv.slice(2);
const gentle = stopsGently(argv);
let signals = 0;
for (const [signal, number] of [
  ['SIGINT', 2],
  ['SIGTERM', 15],
] as const) {
  process.on(signal, () => {
    signals += 1;
    if (!gentle || signals > 2) {
      finished();
      process.exit(128 + number);
    }
    if (signals === 1) stop(signal);
    else stopNow();
  });
}

// A reader that went away (`dcdesk … | head`) is not a crash: stop writing to it, and stop a run
// as Ctrl+C does, so a batch pauses, resumable, and says why on standard error. Standard output
// that cannot be written (a full disk) is the same stop, and a failure: said in one line once the
// command has ended, exit 1, unless the command said it itself (bulk, with how to resume).
let stdoutGone = false;
let stdoutFailure: string | null = null;
// The command's exit code once it has ended: a failure heard before then is said after it.
let ended: number | undefined = undefined;
function sayStdoutFailure(): void {
  if (stdoutFailure === null || ended !== exitCodes.ok) return;
  writeErr(`dcdesk: ${stdoutFailure}\n`);
  stdoutFailure = null;
  process.exitCode = exitCodes.failed;
}
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  stdoutGone = true;
  if (error.code !== 'EPIPE') {
    stdoutFailure ??= stdoutFailureText(error);
    sayStdoutFailure();
  }
  stop('output closed');
});

const io: Io = {
  out: (text) => {
    if (!stdoutGone) process.stdout.write(`${text}\n`);
  },
  err: (text) => writeErr(`${text}\n`),
  env: process.env,
  isTerminal: process.stderr.isTTY,
  progress: (line) => {
    if (line === null) writeErr('\n');
    else writeErr(`\r\x1b[2K${line.slice(0, Math.max(20, process.stderr.columns - 1))}`);
  },
  stopped,
  stoppedNow,
  ...processInput(),
};

ended = await runCli(argv, io);
process.exitCode = ended;
sayStdoutFailure();
finished();
