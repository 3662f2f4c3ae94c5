/**
 * The messages between the Import screen and its worker. The worker keeps the file's bytes and
 * rows; the screen receives only what it shows: the first rows (to choose the header row), and a
 * report whose size grows with the rows that have problems, not with the file.
 */
import type {
  FieldProblem,
  ProblemRule,
  TransactionField,
} from '../../../shared/domain/field-problem';
import type { RawTransaction, Transaction } from '../../../shared/domain/types';
import type { ColumnMapping } from '../../../shared/spreadsheet/columns';
import type { PaddingNote, SourceNote } from '../../../shared/spreadsheet/transactions';
import type { ReplacedCells } from '../../../shared/spreadsheet/replaced-characters';
import type { IdList } from './id-list';
import type { SheetResult } from './sheet';

export type { SheetInfo, SheetResult } from './sheet';

/** A row the screen may list: it has problems, or it shares its external ID with another. */
export interface CheckedRow {
  /** 1-based row number in the sheet. */
  row: number;
  raw: RawTransaction;
  notes: SourceNote[];
  /** Empty when the row is valid. */
  problems: FieldProblem[];
}

export interface ProblemCount {
  field: TransactionField;
  rule: ProblemRule;
  min?: number;
  max?: number;
  /** Rows with this problem. */
  count: number;
}

/** The validation of every row under one header row and mapping, before any fix or exclusion. */
export interface BaseReport {
  /** Rows below the header row that have any content. */
  total: number;
  /** Rows with at least one problem, in sheet order. */
  invalid: CheckedRow[];
  problemCounts: ProblemCount[];
  /** External IDs on more than one row, in order of first appearance. */
  duplicates: Array<{ externalID: string; rows: number[] }>;
  /** Every row of a duplicate group, valid or not, in sheet order. */
  duplicateRows: CheckedRow[];
  /**
   * Requests (`requestLine`) of the valid rows whose external ID repeats no other row's, in sheet
   * order: for "already looked up".
   */
  uniqueValidRequests: IdList;
  /** The first valid row in no duplicate group: such a row can be neither fixed nor excluded. */
  firstUniqueValid: { row: number; transaction: Transaction } | null;
  /** Cells whose lost leading zeros were restored, per kind. */
  padded: Record<PaddingNote, number>;
  /** Cells holding U+FFFD: a character of the file was lost in decoding. */
  replaced: ReplacedCells;
  /** Data rows Excel hides (a filter, or by hand): imported like the others, said on the screen. */
  hidden: number;
}

export type ImportRequest =
  | { type: 'read'; id: number; bytes: ArrayBuffer; fileName: string; maxRows: number }
  | { type: 'sheet'; id: number; sheet: string }
  /** The SHA-256 of the file read last, for the batch created from it. */
  | { type: 'hash'; id: number }
  | { type: 'check'; id: number; headerRow: number; mapping: ColumnMapping }
  /**
   * The rows to send, after fixes and exclusions, kept in the worker as a collection named by
   * this request's id; the window takes them a slice at a time, so no message is big.
   */
  | {
      type: 'collect';
      id: number;
      headerRow: number;
      mapping: ColumnMapping;
      fixes: Array<[number, RawTransaction]>;
      excluded: number[];
    }
  /**
   * `count` rows of a collection from its row `from` (0-based), as JSON lines in a Blob (UTF-8):
   * encoded here, handed to the window as a reference, and sent by it as it is.
   */
  | { type: 'slice'; id: number; collection: number; from: number; count: number }
  /** The collection is no longer needed. */
  | { type: 'release'; id: number; collection: number };

export type ImportAnswer =
  | { type: 'sheet'; id: number; result: SheetResult }
  | { type: 'progress'; id: number; done: number; total: number }
  | { type: 'checked'; id: number; report: BaseReport }
  | { type: 'collected'; id: number; count: number }
  | { type: 'slice'; id: number; rows: Blob }
  | { type: 'released'; id: number }
  | { type: 'hashed'; id: number; sha256: string }
  /** Something unexpected failed in the worker; `message` is English, for support. */
  | { type: 'failed'; id: number; message: string };
