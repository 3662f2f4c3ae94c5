import type { Outcome, ResponseVariableRow } from '../domain/types';

/** The header of a response-variable file (spec 2.7), in this order, spelt exactly. */
export const responseColumns = ['ID Transacional', 'DeviceId', 'Resultado'] as const;

export const responseSeparators = [',', ';'] as const;
export type ResponseSeparator = (typeof responseSeparators)[number];

export type ResponseFileKind = 'csv' | 'zip';

/**
 * The largest file the app sends (the service publishes no limit): the same for the screen, the
 * command line and the core's door, so a file is never accepted at one and refused at another.
 */
export const maxUploadBytes = 20 * 1024 * 1024;

/**
 * A row about to go into a file, before the checks: any field may still be missing, and the
 * outcome is the text as found (from the history it is always exact; from a file it may not be).
 */
export interface DraftResponseRow {
  transactionId: string | null;
  deviceId: string | null;
  outcome: string | null;
}

export const fileProblemCodes = [
  /** No data rows at all. */
  'empty',
  /** The header is not exactly the three columns (a file read back, or one chosen to upload). */
  'header',
  /** A header name that is right but for spaces or an invisible character around it. */
  'header_spacing',
  /** A record with more or fewer fields than the header (a separator at a line's end is one). */
  'field_count',
  /** A quoted field that is never closed. */
  'open_quote',
  /** Text after a quoted field's closing quote mark (`"PED-1"x`). */
  'after_quote',
  /** The bytes are not UTF-8, or the zip is damaged or holds no single CSV. */
  'unreadable',
  /** Larger than the most the app sends (`maxUploadBytes`). */
  'too_large',
  'missing_transaction_id',
  'missing_device_id',
  'invalid_outcome',
  'duplicate_transaction_id',
  /** A transaction id or DeviceId holds a control, direction or invisible character. */
  'unsafe_value',
  /** A transaction id in Excel's exponent form (`1.23457E+19`): its other digits are lost. */
  'digits_lost',
  /** A transaction id or DeviceId that is an Excel error (`#N/A`): a formula that failed. */
  'excel_error',
  /** A transaction id outside the externalID's 6 to 64 characters (spec 2.3, 8). */
  'transaction_id_length',
  /** A DeviceId longer than the app takes from an answer (`maxDeviceIdChars`). */
  'device_id_length',
  /** A transaction id or DeviceId with white space at its start or end. */
  'edge_spaces',
] as const;
export type FileProblemCode = (typeof fileProblemCodes)[number];

/** One reason a file cannot be built or sent, with the line it is on (the header's, usually 1). */
export interface FileProblem {
  code: FileProblemCode;
  /** Line in the file as an editor shows it (the header's is 1, unless blank lines precede it); 0 for the whole file. */
  line: number;
  /** The offending value, when there is one (an outcome as written, a repeated id). */
  value?: string;
  /** For a duplicate: the line where the id first appears. */
  firstLine?: number;
  /** For a record of the wrong width: the header's number of fields. */
  expected?: number;
  /** English detail for the log and the command line; the screen words it from `code`. */
  message: string;
}

/** What the preview shows before a file is saved or sent. */
export interface ResponseFilePreview {
  total: number;
  counts: Record<Outcome, number>;
  /** The first rows exactly as they will be sent. */
  firstRows: ResponseVariableRow[];
  sizeBytes: number;
  /**
   * Lines (the header is line 1) whose ID or DeviceId Excel would run as a formula if the file were
   * opened in it. The file carries them unchanged (the service must get the exact ID), so the
   * preview warns instead; `lines` holds the first ten.
   */
  formulaLike: { count: number; lines: number[] };
}

/** A built file, ready to save or upload. */
export interface BuiltResponseFile {
  fileName: string;
  kind: ResponseFileKind;
  mimeType: 'text/csv' | 'application/zip';
  bytes: Uint8Array;
  rows: ResponseVariableRow[];
  preview: ResponseFilePreview;
}

export type BuildResult =
  { ok: true; file: BuiltResponseFile } | { ok: false; problems: FileProblem[] };

/** A response-variable file read back (one chosen to upload, or a stored one). */
export type ReadResult =
  | { ok: true; rows: ResponseVariableRow[]; separator: ResponseSeparator; kind: ResponseFileKind }
  | { ok: false; problems: FileProblem[] };

/** One row of an outcomes spreadsheet (the analyst's case system export), as mapped. */
export interface OutcomeSheetRow {
  /** Row number in the spreadsheet, 1-based, as the analyst sees it. */
  row: number;
  transactionId: string;
  /** The outcome text as written. */
  outcomeText: string;
  /** The outcome it names, or null when it names none of the three. */
  outcome: Outcome | null;
}

/** Columns of an outcomes spreadsheet: indexes into the header, absent when not found. */
export interface OutcomeColumnMapping {
  transactionId?: number;
  outcome?: number;
}
