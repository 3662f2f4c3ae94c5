import { UsageError, type Io, type Verbosity } from './io';

const flags: Record<string, Exclude<Verbosity, 'normal'>> = {
  '--quiet': 'quiet',
  '-q': 'quiet',
  '--verbose': 'verbose',
  '-v': 'verbose',
};

/** The options every command takes, for suggestions and shell completion. */
export const globalOptions = ['--quiet', '--verbose'] as const;

/**
 * Takes `--quiet`/`-q` and `--verbose`/`-v` from anywhere on the command line before `--` (so
 * `dcdesk -q bulk …` and `dcdesk bulk … --quiet` both work) and returns the rest in order.
 */
export function takeVerbosity(argv: readonly string[]): { argv: string[]; verbosity: Verbosity } {
  const end = argv.indexOf('--');
  const head = end === -1 ? argv : argv.slice(0, end);
  const tail = end === -1 ? [] : argv.slice(end);
  const asked = new Set(head.flatMap((arg) => flags[arg] ?? []));
  if (asked.size > 1) throw new UsageError('--quiet and --verbose cannot be used together.');
  const [verbosity = 'normal'] = asked;
  return { argv: [...head.filter((arg) => !(arg in flags)), ...tail], verbosity };
}

/** A notice (what was stored, where results went): on standard error unless --quiet. */
export function note(io: Io, text: string): void {
  if (io.verbosity !== 'quiet') io.err(text);
}

/** A detail for someone finding out what a command did: on standard error with --verbose only. */
export function detail(io: Io, text: string): void {
  if (io.verbosity === 'verbose') io.err(text);
}
