import { z } from 'zod';
import { outcomes, reviewOutcomes, type Outcome, type ResponseVariableRow } from '../domain/types';
import type { Destination } from '../environment';
import { maxSpreadsheetRows } from '../spreadsheet/limits';
import type { FileProblem, ResponseFileKind, ResponseFilePreview } from '../outcomes/types';
import type { AppError } from '../result';

export const outcomeSchema = z.enum(outcomes);
/** An outcome an analyst sets in review: one of `outcomeSchema`, or the local `Legítima`. */
export const reviewOutcomeSchema = z.enum(reviewOutcomes);

/** A reviewed row: one row of one batch. */
export const reviewTargetSchema = z
  .object({ batchId: z.string().min(1).max(64), seq: z.number().int().min(1) })
  .strict();
export type ReviewTarget = z.infer<typeof reviewTargetSchema>;

/** The most rows one outcomes spreadsheet may carry (the core checks them in one call). */
export const maxOutcomeImportRows = maxSpreadsheetRows;

/** The most of an unrecognised outcome cell the import carries: enough to name it. */
export const maxOutcomeTextLength = 200;

/**
 * One row of an outcomes spreadsheet as the renderer or the CLI mapped it. A row whose outcome
 * names none of the three comes too (`outcome` null, `text` what the cell says), because an id
 * the file also gives a known outcome is a contradiction, not an outcome to apply.
 */
export const outcomeImportRowSchema = z
  .object({
    row: z.number().int().min(1),
    transactionId: z.string().trim().min(1).max(64),
    outcome: outcomeSchema.nullable(),
    text: z.string().max(maxOutcomeTextLength).optional(),
  })
  .strict();
export type OutcomeImportRow = z.infer<typeof outcomeImportRowSchema>;

/** What setting or clearing outcomes did. */
export interface OutcomeChange {
  /** Rows whose outcome was set, changed or cleared. */
  changed: number;
  /** Rows left as they were because they carry no transaction id. */
  withoutTransactionId: number;
  /** Rows left as they were because the service found no device for them (204, or no answer). */
  withoutDevice: number;
  /**
   * Rows left as they were because a later row of the change names their transaction with
   * another device: a transaction's outcome is of one device, the last row's.
   */
  otherDevice: number;
}

/** One row of an outcomes spreadsheet that cannot be applied as it is. */
export interface OutcomeImportIssue {
  row: number;
  transactionId: string;
  /**
   * For a conflict: the outcome already stored; for a contradiction, the other value the same
   * file gives (an outcome, or the text of a cell that names none).
   */
  current?: string;
  /** The file's value: an outcome, or for an unknown or contradicting row the cell's text. */
  incoming?: string;
}

/** The check made before an outcomes spreadsheet changes anything. */
export interface OutcomeImportReport {
  rows: number;
  /** Rows that would set a new outcome or change one. */
  toApply: number;
  /** Rows whose outcome is already stored as given. */
  unchanged: number;
  /** Further rows of an id the file gives more than once, with the same outcome. */
  repeated: number;
  /** Ids that no lookup in the history carries. */
  notFound: OutcomeImportIssue[];
  /** Ids whose lookups found no device (204): the service cannot take them. */
  withoutDevice: OutcomeImportIssue[];
  /** Ids already reviewed with another outcome. */
  conflicts: OutcomeImportIssue[];
  /**
   * Rows of ids the file gives with different values, recognised or not: none of their rows is
   * applied.
   */
  contradictions: OutcomeImportIssue[];
  /** Rows whose outcome names none of the three, of ids the file gives no other value. */
  unknown: OutcomeImportIssue[];
}

export interface OutcomeImportResult {
  applied: number;
  /** Conflicting rows left as they were (when `replaceConflicts` was false). */
  keptConflicts: number;
}

/** Reviewed transactions, for the review and send screens. */
export interface OutcomeSummary {
  /** Reviewed transactions per outcome a file carries. */
  counts: Record<Outcome, number>;
  /** Reviewed with an outcome a file carries: Legítima is not among them. */
  total: number;
  /**
   * Reviewed as Legítima: a review state the queue shows and the report counts as legitimate,
   * never in a file, so in neither `total` nor `unsent`. Reviewed in all: `total` + this.
   */
  legitimate: number;
  /** Reviewed and not yet accepted by the active environment as sent. */
  unsent: number;
  /**
   * Reviewed on answers of other environments (or addresses): their DeviceIds mean nothing to
   * the active one, so they are not offered here; says why a file would be empty.
   */
  elsewhere: number;
}

/** A summary of no reviewed transaction, to count into. */
export function emptyOutcomeSummary(): OutcomeSummary {
  return {
    counts: { Suspeito: 0, 'Fraude Confirmada': 0, 'Device Positivado': 0 },
    total: 0,
    unsent: 0,
    legitimate: 0,
    elsewhere: 0,
  };
}

export const fileScopes = ['unsent', 'all'] as const;
export type FileScope = (typeof fileScopes)[number];

/** Rows for a response-variable file, from the history; the renderer builds and checks the file. */
export interface OutcomeFileRows {
  rows: ResponseVariableRow[];
  /** Unsent rows left out because the team's ledger shows a colleague sent them (issue 17). */
  sentByTeam: number;
  /** Who sent (or is sending) the rows left out, by name; absent when none were. */
  sentByTeamBy?: string[];
  /** Why the team database could not be asked (the rows are then this workstation's view). */
  teamError: string | null;
}

/**
 * A response-variable file the core built from the reviewed transactions (`outcomes.buildFile`)
 * and keeps, by its `fileId`, for the check, the send and a saved copy: its bytes (45 MB for a
 * million rows as CSV) never cross to the window, only what the preview shows.
 */
export interface BuiltFileView {
  /** The rows the file carries; 0 when there is nothing to send (no file is built). */
  rows: number;
  /** The file, or null when there are no rows or `problems` stop it. */
  file: {
    fileId: string;
    fileName: string;
    kind: ResponseFileKind;
    mimeType: 'text/csv' | 'application/zip';
    sha256: string;
    preview: ResponseFilePreview;
  } | null;
  /** What stops the file (a row without a DeviceId, a file over 20 MB…). */
  problems: FileProblem[];
  /** Unsent rows left out because the team's ledger shows a colleague sent them (issue 17). */
  sentByTeam: number;
  /** Why the team database could not be asked (the rows are then this workstation's view). */
  teamError: string | null;
}

/**
 * Where an upload stands. `sending`: its request is out in a process that still runs (the app,
 * or dcdesk), and the same file or transactions cannot be sent meanwhile. A line a process left
 * without its answer (it stopped while sending) is `failed`: the service may have received it.
 */
export const uploadStatuses = ['sent', 'refused', 'failed', 'sending'] as const;
export type UploadStatus = (typeof uploadStatuses)[number];

/** One line of the upload ledger (never the file's bytes). */
export interface UploadView {
  id: number;
  createdAt: string;
  fileName: string;
  kind: 'csv' | 'zip';
  rows: number;
  sha256: string;
  /** The environment it went to, or the custom address (`dcdesk --base-url`) shown as its URL. */
  environment: Destination;
  status: UploadStatus;
  httpStatus: number | null;
  /** The service's messages: the 400 Detail as a list, or the error's sentence. */
  messages: string[];
  /** The success body as the service sent it (its form is not described by the interface). */
  answer: unknown;
  /** Which upload this one sent again, when it is a re-send. */
  resentFrom: number | null;
  /** Who sent it: the analyst's name then (null for uploads made before names were kept). */
  analyst: string | null;
  /**
   * The service's trace id of a refused or failed upload (Problem `Extensions.traceId`), for a
   * support request; null when its answer gave none, or it was stored before ids were kept.
   */
  traceId: string | null;
  /**
   * A failed upload whose file went out and got no answer (the connection dropped after it went,
   * the time ran out, a gateway's 502 or 504, or the app stopped while it was out): the service
   * may have received it, and the re-send guard asks before it goes again.
   */
  mayHaveArrived: boolean;
}

/** How many DeviceIds of a file are in one class, and the first few, with where each is known. */
export interface DeviceOrigins {
  count: number;
  examples: Array<{ transactionId: string; deviceId: string; knownIn: Destination[] }>;
}

/** What the re-send guard found before a file goes to an environment. */
export interface UploadCheck {
  fileName: string;
  rows: number;
  sha256: string;
  environment: Destination;
  /** Problems that stop the file from being sent (nothing is sent while there are any). */
  problems: FileProblem[];
  /**
   * DeviceIds of this file that the history knows only from the answers (or uploads) of other
   * destinations: they name nothing in this one, so the file is never sent while there are any.
   */
  foreignDevices: DeviceOrigins;
  /**
   * DeviceIds the history has never seen anywhere (a file built outside this history): sent only
   * when the analyst says so explicitly.
   */
  unseenDevices: DeviceOrigins;
  /**
   * Rows whose transaction an answer of this destination gave another DeviceId, and no answer or
   * upload of it this one (a DeviceId column sorted apart from its transactions): never sent.
   * Counted in rows; absent when there are none.
   */
  otherDevices?: DeviceOrigins;
  /**
   * Rows pairing a DeviceId this destination's answers named with a transaction this history
   * never looked up there: sent only when the analyst says so, as unseen DeviceIds are. Counted
   * in rows; absent when there are none.
   */
  unpairedDevices?: DeviceOrigins;
  /**
   * Earlier uploads of the same bytes to this environment that the service accepted, or may have
   * received (no answer came in time, or the app stopped while sending).
   */
  sameFile: UploadView[];
  /** Transactions of this file already accepted (or possibly received) by this environment. */
  repeatedTransactions: number;
  /** The uploads those transactions went in. */
  repeatedIn: UploadView[];
  /**
   * Of those transactions, the ones this file carries with an outcome none of those uploads had:
   * a correction (sent as Suspeito, now Fraude Confirmada), not the same report twice. Absent
   * when there are none.
   */
  correctedTransactions?: number;
  /**
   * Its rows whose outcome the history no longer holds as the file has it (changed or cleared
   * since the file was built or sent): sending it would report the old ones. Rows of transactions
   * the history never reviewed in this environment (a file made elsewhere) are not counted.
   */
  changedSince: number;
}

/**
 * The answer of a send: `confirm` when the guard found the same file or the same transactions
 * already sent (nothing was sent; send again with `confirmed`), `done` with the ledger line and,
 * when the upload did not go through, the error as the client gave it (its code says whether the
 * credentials, the network or the service failed).
 */
export type UploadOutcome =
  | { status: 'confirm'; check: UploadCheck }
  | {
      status: 'done';
      upload: UploadView;
      error: AppError | null;
      /**
       * The team's ledger could not record the answer (its database went away meanwhile): its
       * line says `sending` until this workstation's next sync records it.
       */
      teamNotUpdated?: boolean;
    };
