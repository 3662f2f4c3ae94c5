import type { Io } from './io';

/** One `dcdesk` command: its own options, parsed from the arguments after its name. */
export interface Command {
  name: string;
  summary: string;
  usage: string;
  /** Returns the exit code; throws UsageError for mistakes in the arguments. */
  run: (argv: string[], io: Io) => Promise<number>;
}
