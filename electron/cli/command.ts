import type { Io } from './io';

/** One `dcdesk` command: its own options, parsed from the arguments after its name. */
export interface Command {
  name: string;
  summary: string;
  usage: string;
  /**
   * Whether the command stops gently on Ctrl+C (waits on `io.stopped`): a batch pauses, the
   * sandbox closes. Other commands end at once on Ctrl+C, as any command line program does.
   */
  stoppable?: true;
  /** Returns the exit code; throws UsageError for mistakes in the arguments. */
  run: (argv: string[], io: Io) => Promise<number>;
}
