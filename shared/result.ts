/**
 * Errors are data: every fallible call returns a Result, and every failure carries one code from a
 * closed set, so the UI and the command line can switch on it exhaustively.
 */

export const errorCodes = [
  /** The connection failed or was reset before an answer arrived. */
  'network',
  /** No answer within the time limit. */
  'timeout',
  /** The caller aborted the call. */
  'cancelled',
  /** The service refused the user name or password (400 on authentication). */
  'auth_failed',
  /** 401 even after one fresh token: the credentials no longer grant access. */
  'unauthorized',
  /** 403: the account lacks permission for this resource. */
  'forbidden',
  /** 404: wrong route; usually a wrong base URL or path style. */
  'not_found',
  /** 400 with the service's validation messages. */
  'rejected',
  /** 429: too many requests. */
  'rate_limited',
  /** 500: processing error on the service side. */
  'server',
  /** 502, 503, 504: an upstream or temporary failure; worth retrying later. */
  'unavailable',
  /** Any other unexpected HTTP status. */
  'http',
  /** The service answered something that does not follow its interface. */
  'invalid_response',
  /** The token is longer than the 2048 characters the interface allows. */
  'token_too_long',
  /** Our own input checks refused the data before anything was sent. */
  'validation',
  /** Missing or wrong configuration (environment, base URL, credentials). */
  'config',
  /** The OS keychain cannot be reached, is locked or denied access. */
  'keychain_unavailable',
  /** The local history database failed. */
  'db',
  /**
   * The data folder cannot be written: it, or the nearest folder of its path that exists, is
   * read-only (a read-only disk, or a folder that is not the user's). The history was not opened.
   */
  'data_folder_read_only',
  /**
   * The history file itself cannot be written (its folder can): a mode of 444, an immutable
   * flag, another user's file. The history was opened, and nothing was changed.
   */
  'history_read_only',
  /**
   * The history file was deleted or moved while the app had it open: anything saved from then on
   * would be lost at the next start, so every change is refused (reads still answer from the
   * file the app holds) until the app is started again.
   */
  'history_gone',
  /** The SQLite native module cannot be loaded (built for another Node or Electron, or missing). */
  'db_engine',
  /** A local file could not be read or written. */
  'file',
  /** An unexpected failure inside the app itself. */
  'internal',
  /** Someone else holds what was asked for: another process or window is running the batch. */
  'busy',
  /**
   * The batch asked for is not in the history: deleted (in another window, by `dcdesk purge`, by
   * the retention) while a window still showed it, or never stored here.
   */
  'no_batch',
  /**
   * The batch's deletion started and has not ended (`BatchRecord.deleting`): some of its rows
   * are gone, so it is neither changed nor read as a whole until the deletion ends.
   */
  'deleting',
  /**
   * The window lost its connection to the app's own core (the web host or the main process
   * ended): nothing reached the service, and nothing will until the app is started again.
   */
  'core_lost',
  /**
   * The web host refused the window's call: the secret its address carried is from an earlier
   * start of the host (each start makes a new one) or missing, or the page was opened at another
   * host name than the printed 127.0.0.1 (localhost). Nothing reached the core.
   */
  'wrong_address',
  /** The team database (issue 17) cannot be reached, refused the login or failed. */
  'team',
  /**
   * A colleague's upload in the team's ledger holds some of a file's transactions: nothing was
   * sent. `details` name each (`ID: sent by NAME at TIME`).
   */
  'sent_by_team',
  /**
   * What the analyst confirmed changed before it was done (the rows a filter matches, say):
   * nothing was changed; they look again and confirm.
   */
  'stale',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export interface AppError {
  code: ErrorCode;
  /** One human sentence, in English; safe to show and log (never holds a secret). */
  message: string;
  /** HTTP status, when the error came from an HTTP answer. */
  status?: number;
  /** The service's own messages (Problem `Detail` split on ` | `, or `message`). */
  details?: string[];
  /** The service's trace id, for support requests. */
  traceId?: string;
  /** How long the service asked us to wait (Retry-After), in milliseconds. */
  retryAfterMs?: number;
  /**
   * For `invalid_response`: the start of the body the service sent (capped, secrets redacted),
   * kept for the detail view.
   */
  rawBody?: string;
  /**
   * The request may have reached the service and only its answer is missing: a `network` failure
   * on a connection that was open, a failure of the app's own while it was out, or a gateway's
   * 502 or 504 (`gatewayStatuses`). An upload that may have arrived is not sent again
   * without asking.
   */
  mayHaveArrived?: boolean;
}

/**
 * Gateway answers (502 Bad Gateway, 504 Gateway Timeout): a proxy took the request and passed it
 * on, and the service behind it gave no answer it could relay. An upload answered so may have
 * arrived, as one whose answer timed out.
 */
export const gatewayStatuses: readonly number[] = [502, 504];

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(
  code: ErrorCode,
  message: string,
  extra: Omit<AppError, 'code' | 'message'> = {},
): Result<T> {
  return { ok: false, error: { code, message, ...extra } };
}
