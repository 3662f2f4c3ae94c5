import type { AppError, ErrorCode } from '../../shared/result';
import { formatDuration } from '../../shared/format-duration';
import type { Input } from './terminal-input';
import { shown } from './escape-text';

/**
 * How much a command says on standard error besides its errors. `quiet`: only errors, warnings
 * about the data, and what to do when something went wrong; `verbose`: also the data folder, the
 * destination and the settings a command used. Results always go to standard output.
 */
export type Verbosity = 'quiet' | 'normal' | 'verbose';

export type StopCause = 'SIGINT' | 'SIGTERM' | 'output closed';

/** What a command may touch of the outside world; tests pass their own. */
export interface Io extends Input {
  out: (text: string) => void;
  err: (text: string) => void;
  env: NodeJS.ProcessEnv;
  /** Whether stderr is a terminal (progress bars and prompts only there). */
  isTerminal: boolean;
  /** Redraws one status line in place on a terminal; null ends it. */
  progress?: (line: string | null) => void;
  /**
   * Resolves when the command is asked to stop, with why: Ctrl+C (SIGINT, or nothing said), a
   * SIGTERM (a service manager, `timeout`), or its reader closing standard output. Commands that
   * run until stopped wait on it.
   */
  stopped: Promise<StopCause | undefined>;
  /** Resolves when the user asks a second time (Ctrl+C again): stop without waiting. */
  stoppedNow?: Promise<void>;
  /** Set by runCli from --quiet / --verbose; see verbosity.ts. */
  verbosity?: Verbosity;
}

/**
 * 0 success; 1 a failure (the service refused or failed, a file or the history could not be used);
 * 2 a usage or set-up mistake, or something held by another process (a batch it is running, the
 *   history's lock held past the wait);
 * 3 the credentials were refused; 4 `bulk` finished but some rows are invalid, rejected or failed;
 * 5 `bulk` stopped before its end (paused, cancelled, interrupted, its answers not stored on a
 *   full disk) and can be resumed, or another process took it over;
 * 6 the history's SQLite engine cannot load (a build for another runtime): nothing was touched.
 * A command stopped by a signal ends with the shell's code, 128 + its number (130 Ctrl+C, 143
 * SIGTERM; index.ts), but `bulk`, which pauses at the first one and exits 5.
 */
export const exitCodes = {
  ok: 0,
  failed: 1,
  usage: 2,
  auth: 3,
  rowProblems: 4,
  stopped: 5,
  engine: 6,
  /** Stopped by Ctrl+C (128 + 2) or SIGTERM (128 + 15), as the shell says of a killed command. */
  sigint: 130,
  sigterm: 143,
} as const;
export type ExitCode = (typeof exitCodes)[keyof typeof exitCodes];

/** A usage or configuration mistake: printed as one line, exit code 2. */
export class UsageError extends Error {}

/**
 * A file that cannot be used (missing, empty, not a spreadsheet, damaged, without the columns it
 * needs): printed as one line, exit code 1. Unlike a UsageError it has no "--help" hint: the
 * flags were right, the file is what the analyst has to fix.
 */
export class FileError extends Error {}

/** Ends a command with this exit code; what went wrong has already been printed. */
export class CommandExit extends Error {
  constructor(readonly exitCode: ExitCode) {
    super(`exit ${String(exitCode)}`);
  }
}

const exitByCode: Record<ErrorCode, ExitCode> = {
  network: exitCodes.failed,
  timeout: exitCodes.failed,
  cancelled: exitCodes.failed,
  auth_failed: exitCodes.auth,
  unauthorized: exitCodes.auth,
  forbidden: exitCodes.failed,
  not_found: exitCodes.failed,
  rejected: exitCodes.failed,
  rate_limited: exitCodes.failed,
  server: exitCodes.failed,
  unavailable: exitCodes.failed,
  http: exitCodes.failed,
  invalid_response: exitCodes.failed,
  token_too_long: exitCodes.failed,
  validation: exitCodes.usage,
  config: exitCodes.usage,
  keychain_unavailable: exitCodes.usage,
  db: exitCodes.failed,
  db_engine: exitCodes.engine,
  data_folder_read_only: exitCodes.failed,
  history_read_only: exitCodes.failed,
  history_gone: exitCodes.failed,
  file: exitCodes.failed,
  internal: exitCodes.failed,
  busy: exitCodes.usage,
  no_batch: exitCodes.usage,
  deleting: exitCodes.usage,
  core_lost: exitCodes.failed,
  wrong_address: exitCodes.failed,
  team: exitCodes.failed,
  sent_by_team: exitCodes.usage,
  stale: exitCodes.usage,
};

/** How much of a refused answer a terminal shows; the history keeps more. */
const rawShownChars = 300;

/** Prints an error as one line plus the service's own messages, and returns the exit code. */
export function reportError(io: Io, error: AppError): ExitCode {
  const status = error.status === undefined ? '' : ` (HTTP ${error.status})`;
  // One line each: a message holds names from files and words from the service, which may hold
  // line feeds that would print as lines of dcdesk's own.
  io.err(`dcdesk: ${shown(error.message)}${status}`);
  for (const detail of error.details ?? []) io.err(`  - ${shown(detail)}`);
  if (error.traceId) io.err(`  trace id: ${shown(error.traceId)}`);
  // A 429 or 503 that says how long: the analyst knows when trying again is worth it.
  if (error.retryAfterMs !== undefined)
    io.err(
      `  The service asked to wait ${formatDuration(error.retryAfterMs / 1000)} before trying again.`,
    );
  // An answer that broke the interface: its start shows what the service really sent.
  if (error.rawBody) {
    const start = error.rawBody.slice(0, rawShownChars);
    io.err(`  the answer began: ${shown(start)}${error.rawBody.length > rawShownChars ? '…' : ''}`);
  }
  return exitByCode[error.code];
}
