import { z } from 'zod';
import { maxDeviceIdChars } from '../domain/insight';
import { credentialLimits, environmentNames } from '../environment';
import type { BatchDeletion, CpfErasure, PurgePreview, PurgeReport } from '../purge';
import { settingsPatchSchema, type Settings } from '../settings';
import { settingBounds } from '../settings-bounds';
import { maxSpreadsheetRows } from '../spreadsheet/limits';
import { responseSeparators } from '../outcomes/types';
import { operation } from './define';
import { maxRequestLine, requestsOfLines } from './request-lines';
import { sourceRow, sourceRowLines } from './source-rows';
import type { AppInfo, ConnectionTest, EnvironmentView, SampleFile } from './views';
import {
  resultFilterSchema,
  resultSortColumns,
  type BatchSummary,
  type DeviceView,
  type ExportedFile,
  type SavedExport,
  type ResultAggregates,
  type ResultDetail,
  type ResultPage,
  type SearchPage,
  type StoredRows,
} from './results';
import {
  fileScopes,
  maxOutcomeImportRows,
  outcomeImportRowSchema,
  reviewOutcomeSchema,
  reviewTargetSchema,
  type BuiltFileView,
  type OutcomeChange,
  type OutcomeFileRows,
  type OutcomeImportReport,
  type OutcomeImportResult,
  type OutcomeSummary,
  type UploadCheck,
  type UploadOutcome,
  type UploadView,
} from './outcomes';
import { reportExportSchema, reportQuerySchema, type ShownReport } from './report';
import { teamConnectInput, type TeamStatus, type TeamSyncReport } from './team';

const batchId = z.string().min(1).max(64);
const resultQuery = { batchId, filter: resultFilterSchema.default({}) };
/** A results export's name, chosen by the window that asks for it. */
const exportId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

const none = z.object({}).strict();
/** What the history search is asked: the longest identifier kept is a device ID (insight.ts). */
const searchQuery = z.string().trim().min(1).max(maxDeviceIdChars);
/** A response-variable file crossing to the core: its name says csv or zip. */
const uploadFile = {
  fileName: z
    .string()
    .trim()
    .min(5)
    .max(255)
    .regex(/\.(csv|zip)$/i),
  /** The bytes, base64; the service's own limit is not published, ours is 20 MB. */
  base64: z.string().min(1).max(28_000_000),
};
const uploadId = z.number().int().min(1);
/** A file the core built and keeps (`outcomes.buildFile`), named instead of carried. */
const builtFile = { fileId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) };
const sendChoices = {
  confirmed: z.boolean().default(false),
  allowUnseenDevices: z.boolean().default(false),
};
const environment = z.enum(environmentNames);
/** Environments with credentials: the sandbox has none. */
const realEnvironment = z.enum(['production', 'test']);

/**
 * Every call the renderer can make. Adding one is one entry here, one function in the core API
 * and one call in the UI; the preload, the IPC binding and the web host derive from this list.
 */
export const operations = {
  /** Version, OS locale and start-up notices. */
  'app.info': operation<AppInfo>()(none),
  /** The bundled sample spreadsheet (fictional transactions, three with problems), to try the flow. */
  'app.sample': operation<SampleFile>()(none),
  'settings.get': operation<Settings>()(none),
  /** Changes some settings; out-of-range values are refused with `validation`. */
  'settings.update': operation<Settings>()(settingsPatchSchema),
  'environments.list': operation<EnvironmentView[]>()(none),
  /** Makes an environment the active one. */
  'environments.activate': operation<EnvironmentView[]>()(z.object({ environment }).strict()),
  /** Changes the base URL of a real environment (https, or http on 127.0.0.1). */
  'environments.configure': operation<EnvironmentView[]>()(
    z
      .object({
        environment: realEnvironment,
        baseUrl: z.string().trim().min(1).max(credentialLimits.baseUrl),
      })
      .strict(),
  ),
  /** Obtains a token with the saved credentials; the token never leaves the main process. */
  'environments.test': operation<ConnectionTest>()(z.object({ environment }).strict()),
  /**
   * Saves credentials in the OS keychain. The password goes in and never comes back; an empty one
   * keeps the password already saved (a change of user name only), refused when none is saved.
   */
  'credentials.save': operation<EnvironmentView[]>()(
    z
      .object({
        environment: realEnvironment,
        username: z.string().trim().min(1).max(credentialLimits.username),
        password: z.string().max(credentialLimits.password),
      })
      .strict(),
  ),
  'credentials.delete': operation<EnvironmentView[]>()(
    z.object({ environment: realEnvironment }).strict(),
  ),
  /** What a purge now would delete, with the saved retention it uses; deletes nothing. */
  'history.purgePreview': operation<PurgePreview>()(none),
  /**
   * Purges batches older than the saved retention now. `days`, the retention the analyst was
   * asked about, makes it refuse if the saved one changed since (in another window, say).
   */
  'history.purge': operation<PurgeReport>()(
    z.object({ days: settingsPatchSchema.shape.retentionDays }).strict(),
  ),
  /** What deleting one batch would remove; refused while a live process runs it. */
  'history.batchDeletion': operation<BatchDeletion>()(z.object({ batchId }).strict()),
  /**
   * Deletes one batch: its rows, answers and results, and the reviews set on it that no other
   * batch of its environment holds (the others move there). Refused while a live process runs it.
   */
  'history.deleteBatch': operation<BatchDeletion>()(z.object({ batchId }).strict()),
  /**
   * A data-subject request: removes every row, result and outcome about one CPF (with or without
   * its dots and dash) and the older copies of the history that may hold it.
   */
  'history.forgetCpf': operation<CpfErasure>()(
    z.object({ cpf: z.string().trim().min(11).max(32) }).strict(),
  ),
  /**
   * How many of these requests were answered in the last `days` days: the same request (every
   * field sent, not the external ID alone), as a run with `skipRecentDays` reuses. The requests
   * come one per line (`requestLine`), in one string: a full sheet's million requests cross the
   * IPC as bytes, not as a million objects rebuilt on the window's thread.
   */
  'lookups.countRecent': operation<number>()(
    z
      .object({
        requests: z
          .string()
          .max(maxSpreadsheetRows * (maxRequestLine + 1))
          .refine(
            (text) => {
              const requests = requestsOfLines(text);
              return requests !== null && requests.length <= maxSpreadsheetRows;
            },
            {
              message: `at most ${String(maxSpreadsheetRows)} requests, one per line as JSON`,
            },
          ),
        days: z
          .number()
          .int()
          .min(settingBounds.skipRecentDays.min)
          .max(settingBounds.skipRecentDays.max),
      })
      .strict(),
  ),
  /**
   * Stores a batch of spreadsheet rows in the active environment and starts it; progress arrives
   * as `main:batch.progress` events. With `total` above the rows given, these are its first rows:
   * the batch is marked storing and the caller sends the others with `batches.storeRows`, its
   * lookups starting at once (with `skipRecentDays`, once its last row is stored).
   */
  'batches.create': operation<BatchSummary>()(
    z
      .object({
        sourceName: z.string().trim().min(1).max(255),
        /** SHA-256 of the file, hex; kept with the batch to recognise the same file later. */
        sourceSha256: z.string().regex(/^[0-9a-f]{64}$/),
        /** An array (a script, a test) or JSON lines (the import screen): see sourceRowLines. */
        rows: z.union([z.array(sourceRow).min(1).max(settingBounds.maxRows.max), sourceRowLines]),
        /** How many rows the batch will have, when more than `rows` follow in slices. */
        total: z.number().int().min(1).max(settingBounds.maxRows.max).optional(),
        skipRecentDays: z
          .number()
          .int()
          .min(settingBounds.skipRecentDays.min)
          .max(settingBounds.skipRecentDays.max)
          .optional(),
      })
      .strict(),
  ),
  /**
   * The next rows of a batch created with a `total`, in input order: `after` is how many of its
   * rows came before them (rows the core already has are skipped, so a slice sent twice is
   * stored once). With `last`, the batch has all its rows. Answers how many are stored.
   */
  'batches.storeRows': operation<StoredRows>()(
    z
      .object({
        batchId,
        after: z.number().int().min(1).max(settingBounds.maxRows.max),
        rows: sourceRowLines,
        last: z.boolean(),
      })
      .strict(),
  ),
  /**
   * Ends the storing of a batch whose rows stopped coming (the window was closed or reloaded
   * meanwhile): the batch keeps the rows it has, becomes complete with them, and can be resumed.
   * Recent answers are reused as `batches.create` was asked to (`skipRecentDays`, kept with the
   * batch), even after a restart.
   */
  'batches.keepStoredRows': operation<BatchSummary>()(z.object({ batchId }).strict()),
  /** Every stored batch, newest first, with its counts. */
  'batches.list': operation<BatchSummary[]>()(none),
  'batches.get': operation<BatchSummary>()(z.object({ batchId }).strict()),
  /** Starts or resumes a batch's pending rows. */
  'batches.resume': operation<BatchSummary>()(z.object({ batchId }).strict()),
  /** Stops taking new rows; requests in flight finish. */
  'batches.pause': operation<BatchSummary>()(z.object({ batchId }).strict()),
  /** Aborts requests in flight; their rows go back to pending. */
  'batches.cancel': operation<BatchSummary>()(z.object({ batchId }).strict()),
  /** Sends the failed rows again. */
  'batches.retryFailed': operation<BatchSummary>()(z.object({ batchId }).strict()),
  /** A page of a batch's rows, filtered and sorted in SQLite. */
  'results.page': operation<ResultPage>()(
    z
      .object({
        ...resultQuery,
        sort: z.enum(resultSortColumns).default('row'),
        direction: z.enum(['asc', 'desc']).default('asc'),
        offset: z.number().int().min(0),
        limit: z.number().int().min(1).max(500),
      })
      .strict(),
  ),
  'results.aggregates': operation<ResultAggregates>()(z.object(resultQuery).strict()),
  'results.detail': operation<ResultDetail>()(
    z.object({ batchId, seq: z.number().int().min(1) }).strict(),
  ),
  /**
   * The filtered rows as csv (formula-like fields neutralised) or xlsx (exact text cells), in the
   * results screen's sort (input order when none is given), written as a stream where the door
   * puts it (a save dialog in the app).
   */
  'results.export': operation<SavedExport>()(
    z
      .object({
        ...resultQuery,
        sort: z.enum(resultSortColumns).optional(),
        direction: z.enum(['asc', 'desc']).optional(),
        format: z.enum(['csv', 'xlsx']),
        /** Names the export for its progress events and `results.cancelExport`. */
        exportId: exportId.optional(),
      })
      .strict(),
  ),
  /** Stops a results export under way; its file, partial, is removed. */
  'results.cancelExport': operation<{ cancelled: boolean }>()(z.object({ exportId }).strict()),
  /** The failed rows' input values as a new spreadsheet to import again. */
  'results.exportFailed': operation<SavedExport>()(
    z.object({ batchId, format: z.enum(['csv', 'xlsx']) }).strict(),
  ),
  /**
   * A page of the lookups whose external ID, session ID, device ID or CPF matches (newest first,
   * or in a results sort), filtered as a batch's results are, and how many match in all.
   */
  'history.search': operation<SearchPage>()(
    z
      .object({
        query: searchQuery,
        filter: resultFilterSchema.default({}),
        sort: z.enum(resultSortColumns).optional(),
        direction: z.enum(['asc', 'desc']).default('asc'),
        offset: z.number().int().min(0).default(0),
        limit: z.number().int().min(1).max(500).default(200),
      })
      .strict(),
  ),
  /** Reviewed transactions among every lookup a search matches (as `outcomes.summary` counts). */
  'history.searchSummary': operation<OutcomeSummary>()(z.object({ query: searchQuery }).strict()),
  /** Every transaction seen with one device, and its similar devices. */
  'devices.get': operation<DeviceView>()(
    z.object({ deviceId: z.string().trim().min(1).max(maxDeviceIdChars) }).strict(),
  ),
  /** Sets (or, with null, clears) the outcome of some rows; rows without a device are left. */
  'outcomes.set': operation<OutcomeChange>()(
    z
      .object({
        targets: z.array(reviewTargetSchema).min(1).max(maxSpreadsheetRows),
        outcome: reviewOutcomeSchema.nullable(),
      })
      .strict(),
  ),
  /** The same for every row of a batch that matches a results filter. */
  'outcomes.setFiltered': operation<OutcomeChange>()(
    z
      .object({
        ...resultQuery,
        outcome: reviewOutcomeSchema.nullable(),
        /**
         * How many rows the analyst was told would change; when the batch has moved on since (a
         * run still answering rows), nothing changes and the answer says so.
         */
        expected: z.number().int().min(0).optional(),
      })
      .strict(),
  ),
  /**
   * The same for every lookup a history search matches that passes the filter; with `expected`,
   * only when that many match (else `stale`, nothing changed).
   */
  'outcomes.setSearched': operation<OutcomeChange>()(
    z
      .object({
        query: searchQuery,
        filter: resultFilterSchema.default({}),
        outcome: reviewOutcomeSchema.nullable(),
        expected: z.number().int().min(0).optional(),
      })
      .strict(),
  ),
  /** Checks an outcomes spreadsheet against the history; changes nothing. */
  'outcomes.importCheck': operation<OutcomeImportReport>()(
    z.object({ rows: z.array(outcomeImportRowSchema).min(1).max(maxOutcomeImportRows) }).strict(),
  ),
  /** Applies the rows the check found applicable; conflicts only when asked. */
  'outcomes.importApply': operation<OutcomeImportResult>()(
    z
      .object({
        rows: z.array(outcomeImportRowSchema).min(1).max(maxOutcomeImportRows),
        replaceConflicts: z.boolean(),
      })
      .strict(),
  ),
  /** Counts of reviewed transactions, of one batch or of the whole history. */
  'outcomes.summary': operation<OutcomeSummary>()(
    z.object({ batchId: batchId.optional() }).strict(),
  ),
  /**
   * The score report (ROC, thresholds, risk levels, insight codes against the analysts' labels)
   * of one batch, or of every batch of a destination (default: the active environment).
   */
  'report.get': operation<ShownReport>()(reportQuerySchema),
  /**
   * The same report as a self-contained HTML page (inline SVG, no script), or as PDF where the
   * app can print (Electron); elsewhere PDF is refused with `config` and the page offers Print….
   */
  'report.export': operation<ExportedFile>()(reportExportSchema),
  /** Reviewed rows for a response-variable file: unsent ones (to the active environment) or all. */
  'outcomes.fileRows': operation<OutcomeFileRows>()(
    z.object({ batchId: batchId.optional(), scope: z.enum(fileScopes).default('unsent') }).strict(),
  ),
  /**
   * Builds the response-variable file of the reviewed rows (unsent ones, or all) in the core, off
   * the thread that answers the window, and keeps it: the answer names it and carries its preview.
   */
  'outcomes.buildFile': operation<BuiltFileView>()(
    z
      .object({
        batchId: batchId.optional(),
        scope: z.enum(fileScopes).default('unsent'),
        kind: z.enum(['csv', 'zip']),
        separator: z.enum(responseSeparators).default(','),
        fileName: z.string().trim().min(1).max(255),
      })
      .strict(),
  ),
  /**
   * Reads a file (one the core built, by its ID, or one chosen from disk) and runs the re-send
   * guard against the active environment; sends nothing.
   */
  'uploads.check': operation<UploadCheck>()(
    z.union([z.object(builtFile).strict(), z.object(uploadFile).strict()]),
  ),
  /** Saves a copy of a file the core built, where the analyst says (a download in a browser). */
  'uploads.saveBuilt': operation<SavedExport>()(z.object(builtFile).strict()),
  /**
   * Sends a file to the active environment and records it in the ledger, whatever the answer.
   * `allowUnseenDevices`: the analyst says explicitly to send DeviceIds the history never saw.
   */
  'uploads.send': operation<UploadOutcome>()(
    z.union([
      z.object({ ...builtFile, ...sendChoices }).strict(),
      z.object({ ...uploadFile, ...sendChoices }).strict(),
    ]),
  ),
  /** Sends a stored file again, to the active environment. */
  'uploads.resend': operation<UploadOutcome>()(
    z.object({ uploadId, confirmed: z.boolean().default(false) }).strict(),
  ),
  /** The ledger, newest first. */
  'uploads.list': operation<UploadView[]>()(none),
  /** A stored file, to save a copy. */
  'uploads.file': operation<ExportedFile>()(z.object({ uploadId }).strict()),
  /** The team database this workstation syncs with (issue 17); reads nothing over the network. */
  'team.status': operation<TeamStatus>()(none),
  /** Connects to a team database and reads it, changing nothing here or there. */
  'team.test': operation<TeamStatus>()(teamConnectInput),
  /**
   * Links this workstation to a team database: the password goes to the keychain, the URL
   * (without it) to the history, and a first sync runs.
   */
  'team.connect': operation<TeamStatus>()(teamConnectInput),
  /** Pushes the changes made here and pulls colleagues' changes now. */
  'team.sync': operation<TeamSyncReport>()(none),
  /** Unlinks the team database; its password leaves the keychain; nothing here is lost. */
  'team.disconnect': operation<TeamStatus>()(none),
} as const;

export type Operations = typeof operations;
export type OperationName = keyof Operations;
export type InputOf<N extends OperationName> = z.input<Operations[N]['input']>;
export type ParsedInputOf<N extends OperationName> = z.output<Operations[N]['input']>;
export type OutputOf<N extends OperationName> = NonNullable<Operations[N]['output']>;
