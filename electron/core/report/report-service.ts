import type { Destination } from '../../../shared/environment';
import type { ReportView } from '../../../shared/contract/report';
import type { LabelOptions } from '../../../shared/report/labels';
import { fail, ok, type Result } from '../../../shared/result';
import { batchesRepo } from '../store/batches.repo';
import {
  createReportBuilder,
  type ReportCounts,
  type ScoreReport,
} from '../../../shared/report/report';
import type { Db } from '../store/db';
import type { ResultFilter } from '../../../shared/contract/results';
import { filterSql } from '../store/result-filter';
import { batchCounts } from './batch-counts';
import { reportCounts } from './report-counts';

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
}

/** The score report: how well the service's score and signals separate fraud from the rest. */
export function reportService(db: Db) {
  const counts = reportCounts(db);
  const whole = batchCounts(db);
  const batchesOf = db
    .prepare<[string], string>(
      'SELECT id FROM batches WHERE destination = ? ORDER BY created_at, id',
    )
    .pluck();
  const batches = batchesRepo(db);

  /** The counts of one batch, of its filtered rows, or of every batch of a destination. */
  function countsOf(scope: ReportScope, options: LabelOptions): ReportCounts[] {
    if (!('batchId' in scope))
      return batchesOf.all(scope.destination).map((batchId) => whole.of(batchId, options));
    const filtered = scope.filter ? filterSql(scope.batchId, scope.filter) : null;
    if (filtered === null || !filtered.filtered) return [whole.of(scope.batchId, options)];
    return [counts.of({ where: filtered.where, params: filtered.params }, options)];
  }

  function report(scope: ReportScope, options: LabelOptions): ScoreReport {
    return db
      .transaction(() => {
        const builder = createReportBuilder(options);
        for (const counted of countsOf(scope, options)) builder.addCounts(counted);
        return builder.finish();
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
     * else of `fallback` (the active environment), with what it covers. A batch that does not
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
        return ok({ ...report({ destination: environment }, options), environment, batch: null });
      }
      const batch = batches.get(query.batchId);
      if (batch === null)
        return fail('validation', `There is no batch ${query.batchId} in this history.`);
      if (query.environment !== undefined && query.environment !== batch.destination)
        return fail(
          'validation',
          `Batch ${batch.id} holds answers of ${batch.destination}, not of ${query.environment}. Leave the environment out, or name ${batch.destination}.`,
        );
      return ok({
        ...report({ batchId: batch.id, filter: query.filter }, options),
        environment: batch.destination,
        batch: batch.id,
      });
    },
  };
}

export type ReportService = ReturnType<typeof reportService>;
