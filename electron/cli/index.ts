import { runCli } from './run';
import type { Io } from './io';

/** The `dcdesk` entry point: wires the real process to runCli. */
const stopped = new Promise<void>((resolve) => {
  process.once('SIGINT', resolve);
  process.once('SIGTERM', resolve);
});

const io: Io = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  env: process.env,
  isTerminal: process.stderr.isTTY,
  stopped,
};

process.exitCode = await runCli(process.argv.slice(2), io);
