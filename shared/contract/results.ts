import { z } from 'zod';
import type { BatchCounts, PauseReason } from '../batch';
import {
  deviceRisks,
  reviewOutcomes,
  type DeviceRisk,
  type InsightResult,
  type ReviewOutcome,
} from '../domain/types';
import type { Destination } from '../environment';
import type { FieldProblem } from '../domain/field-problem';

/** A batch as lists and the run screen show it. */
export interface BatchSummary {
  id: string;
  sourceName: string;
  /** The environment that answered it, or the custom address (`dcdesk --base-url`) as its URL. */
  environment: Destination;
  state: 'ready' | 'running' | 'paused' | 'finished' | 'cancelled';
  pauseReason: PauseReason | null;
  pauseMessage: string | null;
  /** True while this app is running the batch (false for a batch left running by a crash). */
  live: boolean;
  /**
   * Its deletion started and has not ended (a process deleting it was killed, or is at it now):
   * part of its rows may be gone, so its counts and results are not the batch's. The core
   * refuses to resume, export or review it; the next opening of the history finishes the deletion.
   */
  deleting: boolean;
  counts: BatchCounts;
  /**
   * While its rows are still being stored (see `batches.storeRows`): how many are stored and how
   * many the batch will have. Null once it has every row.
   */
  storing: (StoredRows & { sending: boolean }) | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

/**
 * How many rows of a batch being stored slice by slice are stored, of its announced total; in a
 * summary, also whether a window is sending them now (false: it was closed or reloaded meanwhile).
 */
export interface StoredRows {
  stored: number;
  total: number;
}

export const rowStatuses = ['ok', 'no_content', 'invalid', 'rejected', 'failed'] as const;
export type RowStatusName = (typeof rowStatuses)[number];

/** Filters of the results table, the charts and the exports; every field optional. */
export const resultFilterSchema = z
  .object({
    statuses: z
      .array(z.enum([...rowStatuses, 'pending']))
      .max(6)
      .optional(),
    risks: z.array(z.enum(deviceRisks)).max(4).optional(),
    scoreMin: z.number().min(0).max(1).optional(),
    scoreMax: z.number().min(0).max(1).optional(),
    alertMin: z.number().int().min(0).max(1000).optional(),
    /** An insight code such as DEV0003. */
    insight: z.string().trim().max(16).optional(),
    /** Review state: rows with one of these outcomes, `none` for rows not reviewed yet. */
    outcomes: z
      .array(z.enum([...reviewOutcomes, 'none']))
      .max(reviewOutcomes.length + 1)
      .optional(),
  })
  .strict();
export type ResultFilter = z.infer<typeof resultFilterSchema>;

export const resultSortColumns = [
  'row',
  'externalId',
  'status',
  'deviceRisk',
  'score',
  'alertQuantity',
  'deviceAge',
  'outcome',
] as const;
export type ResultSortColumn = (typeof resultSortColumns)[number];

/** One line of the results table: the fields it shows, nothing more. */
export interface ResultRow {
  seq: number;
  row: number;
  externalId: string | null;
  sessionId: string | null;
  cpf: string | null;
  status: RowStatusName | 'pending';
  httpStatus: number | null;
  deviceId: string | null;
  deviceRisk: DeviceRisk | null;
  score: number | null;
  alertQuantity: number | null;
  deviceAge: number | null;
  insights: string[];
  /** The analyst's outcome for this transaction id, and when it was set (ISO). */
  outcome: ReviewOutcome | null;
  outcomeSetAt: string | null;
  /** The colleague whose change set it (issue 17), or null when it was set on this workstation. */
  outcomeSetBy: string | null;
}

export interface ResultPage {
  /** Rows matching the filter, in all. */
  total: number;
  rows: ResultRow[];
}

/** One row in full: the request as sent, the answer, the service's messages. */
export interface ResultDetail extends ResultRow {
  email: string | null;
  phone: string | null;
  zipCode: string | null;
  request: unknown;
  result: InsightResult | null;
  messages: string[];
  /**
   * Why the row was held back, as data (a field and a rule, never the value): the window words
   * them in its own language, as the Import screen does.
   */
  problems: FieldProblem[];
  attempts: number;
  lookedUpAt: string | null;
  /**
   * The start of the service's answer as it came (capped, secrets redacted), kept when it did not
   * follow the interface or carried fields the interface does not name.
   */
  rawAnswer: string | null;
}

/** What the charts draw, computed in SQLite over the filtered rows. */
export interface ResultAggregates {
  statuses: Record<RowStatusName | 'pending', number>;
  risks: Record<DeviceRisk | 'none', number>;
  /** Ten bins of 0.1 from 0 to 1 (1.0 falls in the last). */
  scoreHistogram: number[];
  /** The most frequent insight codes, most frequent first. */
  topInsights: Array<{ code: string; count: number }>;
}

/** A file for the renderer to save (base64 crosses both IPC and the web host unchanged). */
export interface ExportedFile {
  fileName: string;
  mimeType: string;
  base64: string;
  rows: number;
}

/**
 * A results file written where the door put it (see electron/core/results-export/export-target):
 * saved at the path the analyst chose, fetched by the browser from a one-time address, or not
 * written because the analyst closed the save dialog.
 */
export type SavedExport =
  | ({ outcome: 'saved'; fileName: string; rows: number; path: string } & CutCells)
  | ({ outcome: 'download'; fileName: string; rows: number; url: string } & CutCells)
  | { outcome: 'cancelled'; fileName: string };

interface CutCells {
  /**
   * Cells of a results export longer than the 32,767 characters an XLSX cell holds, cut where a
   * list item ends and marked (`fitExcelCell`); 0 for a CSV, which holds everything. Absent for
   * a file that is not a results export.
   */
  cutCells?: number;
}

/** A lookup found by the history search. */
export interface SearchHit extends ResultRow {
  batchId: string;
  sourceName: string;
  /** The environment that answered it, or the custom address as its URL. */
  environment: Destination;
  lookedUpAt: string | null;
}

/** A page of a history search's lookups, and how many match in all. */
export interface SearchPage {
  hits: SearchHit[];
  /** Every lookup matching the search (and its filter), not only this page's. */
  total: number;
}

export interface DeviceView {
  deviceId: string;
  /** The transactions seen with this device, newest first: at most the newest 1,000. */
  transactions: SearchHit[];
  /** How many transactions were seen with this device in all (more than listed when capped). */
  transactionCount: number;
  /** Devices the service called similar, with the highest score seen for each. */
  similarDevices: Array<{ deviceId: string; maximumScore: number | null; seenHere: boolean }>;
}
