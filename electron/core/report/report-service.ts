import type { Destination } from '../../../shared/environment';
import type { ReportView } from '../../../shared/contract/report';
import type { LabelOptions } from '../../../shared/report/labels';
import { fail, ok, type Result } from '../../../shared/result';
import { batchesRepo, noBatch, refuseDeleting } from '../store/batches.repo';
import {
  createReportBuilder,
  type ReportCounts,
  type ScoreReport,
} from '../../../shared/report/report';
import type { Db } from '../store/db';
import type { ResultFilter } from '../../../shared/contract/results';
import { filterSql } from '../store/result-filter';
import { batchCounts } from './batch-counts';
import { reportCounts, type Scope } from './report-counts';
import { countsLess, repeatedRows } from './repeats';
import { batchKeyOf } from '../store/batch-key';
import { notDeleting } from '../store/deleting-batches';

/**
 * The cases of one batch (optionally only the rows a results filter shows), or of every batch of
 * one destination.
 */
export type ReportScope = { batchId: string; filter?: ResultFilter } | { destination: Destination };

/** What a caller asks for: a batch, else a destination (else the caller's default one). */
export interface ReportQuery extends LabelOptions {
  batchId?: string;
  environment?: Destination;
  /** The results screen's filter; only with `batchId`. */
  filter?: ResultFilter;
  /**
   * Every insight code (`dcdesk report --json`, `--all-codes`, the window's CSV of them); else the
   * codes the table lists (`pickCodes`), as the window gets them: thousands of codes made a 10 MB
   * answer that froze it.
   */
  allCodes?: boolean;
}

/** The score report: how well the service's score and signals separate fraud from the rest. */
export function reportService(db: Db) {
  const counts = reportCounts(db);
  const whole = batchCounts(db);
  const repeats = repeatedRows(db);
  const batchesOf = db
    .prepare<[string], string>(
      `SELECT id FROM batches WHERE destination = ? AND ${notDeleting('key')} ORDER BY created_at, id`,
    )
    .pluck();
  const batches = batchesRepo(db);

  /** The rows of a scope as a condition on `result_index ri`, and whether it is whole batches. */
  function rowsOf(scope: ReportScope): Scope & { whole: boolean } {
    if (!('batchId' in scope))
      return {
        where: `ri.batch_key IN (SELECT key FROM batches WHERE destination = @destination AND ${notDeleting('key')})`,
        params: { destination: scope.destination },
        whole: true,
      };
    const filtered = scope.filter ? filterSql(scope.batchId, scope.filter) : null;
    if (filtered === null || !filtered.filtered)
      return {
        where: `ri.batch_key = ${batchKeyOf('@batchId')}`,
        params: { batchId: scope.batchId },
        whole: true,
      };
    return { where: filtered.where, params: filtered.params, whole: false };
  }

  /** Every row of the scope counted, repeated transactions as often as they appear. */
  function everyRow(scope: ReportScope, rows: Scope & { whole: boolean }, options: LabelOptions) {
    if (!rows.whole) return [counts.of(rows, options)];
    if ('batchId' in scope) return [whole.of(scope.batchId, options)];
    return batchesOf.all(scope.destination).map((batchId) => whole.of(batchId, options));
  }

  /**
   * The counts of one batch, of its filtered rows, or of every batch of a destination, each
   * transaction once (repeats.ts), and how many labels a later answer with another device would
   * have scored. Without repeats, every row as counted along the indexes; with few, those less
   * the repeated rows; when most rows repeat, only the rows that count.
   */
  function countsOf(
    scope: ReportScope,
    options: LabelOptions,
  ): { counts: ReportCounts[]; laterDevices: number } {
    const rows = rowsOf(scope);
    const found = repeats.find(rows, 'batchId' in scope ? undefined : scope.destination);
    if (found.repeats === 0) return { counts: everyRow(scope, rows, options), laterDevices: 0 };
    const laterDevices = repeats.laterDevices(rows, options.suspeito === 'fraud');
    return { counts: repeatedCounts(scope, rows, found, options), laterDevices };
  }

  function repeatedCounts(
    scope: ReportScope,
    rows: Scope & { whole: boolean },
    found: { rows: number; repeats: number },
    options: LabelOptions,
  ): ReportCounts[] {
    const repeated = (n: number) => ({
      excluded: { repeat: n },
      scores: [],
      groups: [],
      codes: [],
    });
    // `found.repeats` is at most the repeats: it is exact but for IDs that differ only in case.
    if (found.repeats * 2 > found.rows) {
      const cases = repeats.keepCases(rows);
      return [counts.of(repeats.kept, options), repeated(found.rows - cases)];
    }
    const repeatedRows = repeats.keepRepeats(rows);
    if (repeatedRows === 0) return everyRow(scope, rows, options);
    const less = counts.of(repeats.kept, options);
    return [countsLess(everyRow(scope, rows, options), less), repeated(repeatedRows)];
  }

  function report(scope: ReportScope, options: LabelOptions, allCodes = false): ScoreReport {
    return db
      .transaction(() => {
        const builder = createReportBuilder(options);
        try {
          const { counts: all, laterDevices } = countsOf(scope, options);
          for (const counted of all) builder.addCounts(counted);
          return { ...builder.finish(allCodes ? 'all' : 'top'), reviewedEarlier: laterDevices };
        } finally {
          repeats.clear();
        }
      })
      .deferred();
  }

  return {
    /**
     * Counts the scope in SQLite (report-counts) and builds the report from the counts, in one
     * read transaction, so the picture is consistent and a million rows stay in the database.
     */
    report,
    /**
     * The report of a batch (its own destination), or of every batch of `query.environment`,
     * else of `fallback` (the active environment), with what it covers; its code table cut to
     * the codes that say something unless `query.allCodes`. A batch that does not
     * exist, or that belongs to another destination than the one named, is a `validation` error.
     */
    view(query: ReportQuery, fallback: Destination): Result<ReportView> {
      const options = { suspeito: query.suspeito, unreviewed: query.unreviewed };
      if (query.batchId === undefined && query.filter !== undefined)
        return fail(
          'validation',
          'A results filter narrows one batch: name the batch, or leave the filter out.',
        );
      if (query.batchId === undefined) {
        const environment = query.environment ?? fallback;
        return ok({
          ...report({ destination: environment }, options, query.allCodes),
          environment,
          batch: null,
        });
      }
      const batch = batches.get(query.batchId);
      if (batch === null) return noBatch(query.batchId);
      const deleting = refuseDeleting(batch);
      if (deleting) return deleting;
      if (query.environment !== undefined && query.environment !== batch.destination)
        return fail(
          'validation',
          `Batch ${batch.id} holds answers of ${batch.destination}, not of ${query.environment}. Leave the environment out, or name ${batch.destination}.`,
        );
      return ok({
        ...report({ batchId: batch.id, filter: query.filter }, options, query.allCodes),
        environment: batch.destination,
        batch: batch.id,
      });
    },
  };
}

export type ReportService = ReturnType<typeof reportService>;
