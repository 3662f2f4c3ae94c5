import type { Io } from './io';

/** Options as `node:util` parseArgs declares them. */
export type CommandOptions = Readonly<
  Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>
>;

/** One `dcdesk` command: its own options, parsed from the arguments after its name. */
export interface Command {
  name: string;
  summary: string;
  usage: string;
  /**
   * The options it reads, as its parseArgs call declares them (all its actions' together): shell
   * completion offers these, never a `--flag` its help text only mentions.
   */
  options: CommandOptions;
  /** Whether its arguments are file names (`bulk INPUT`), which completion then offers. */
  takesFiles?: true;
  /**
   * Whether the command stops gently on Ctrl+C (waits on `io.stopped`): a batch pauses, the
   * sandbox closes. Other commands end at once on Ctrl+C, as any command line program does.
   */
  stoppable?: true;
  /** Returns the exit code; throws UsageError for mistakes in the arguments. */
  run: (argv: string[], io: Io) => Promise<number>;
}
