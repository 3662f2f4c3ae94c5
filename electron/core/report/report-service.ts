import type { DeviceRisk, ReviewOutcome } from '../../../shared/domain/types';
import type { Destination } from '../../../shared/environment';
import type { ReportView } from '../../../shared/contract/report';
import type { LabelOptions } from '../../../shared/report/labels';
import { fail, ok, type Result } from '../../../shared/result';
import { batchesRepo } from '../store/batches.repo';
import { createReportBuilder, type ScoreReport } from '../../../shared/report/report';
import type { Db } from '../store/db';
import type { ResultFilter } from '../../../shared/contract/results';
import { filterSql, outcomeRanks, riskRanks } from '../store/result-filter';

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

/** score, risk, alert_quantity, device_age, outcome, insights: read as arrays (`.raw()`). */
type CaseColumns = [
  number | null,
  number | null,
  number | null,
  number | null,
  number | null,
  string | null,
];

/** Joins a row's insight codes: a control character no code contains, cheaper than JSON. */
const codeSeparator = '\u001f';

/** Rank → name, the inverse of the ranks `result_index` stores. */
const inverse = <T extends string>(ranks: Record<T, number>): Map<number, T> =>
  new Map(Object.entries(ranks).map(([name, rank]) => [rank as number, name as T]));
const risks = inverse<DeviceRisk>(riskRanks);
const reviews = inverse<ReviewOutcome>(outcomeRanks);

/**
 * Every row of the scope with what the report needs, read from `result_index` (a narrow table,
 * one entry per input row) and the row's insight codes. Rows without a score are read too: the
 * builder counts them as excluded.
 */
const casesSql = (where: string) =>
  `SELECT ri.score, ri.risk, ri.alert_quantity, ri.device_age, ri.outcome,
     (SELECT group_concat(li.code, char(31)) FROM lookup_insights li
      WHERE li.batch_id = ri.batch_id AND li.seq = ri.seq) AS insights
   FROM result_index ri WHERE ${where}`;

/** The score report: how well the service's score and signals separate fraud from the rest. */
export function reportService(db: Db) {
  // Rows as arrays, not objects: a million rows make a million fewer allocations.
  const ofBatch = db
    .prepare<{ batchId: string }, CaseColumns>(casesSql('ri.batch_id = @batchId'))
    .raw();
  const ofDestination = db
    .prepare<{ destination: string }, CaseColumns>(
      casesSql('ri.batch_id IN (SELECT id FROM batches WHERE destination = @destination)'),
    )
    .raw();

  const batches = batchesRepo(db);

  function rowsOf(scope: ReportScope): IterableIterator<CaseColumns> {
    if (!('batchId' in scope)) return ofDestination.iterate({ destination: scope.destination });
    const filtered = scope.filter ? filterSql(scope.batchId, scope.filter) : null;
    if (filtered === null || !filtered.filtered) return ofBatch.iterate({ batchId: scope.batchId });
    // Prepared per call: the WHERE text depends on which filter fields are set (fixed fragments
    // only; every value is a parameter).
    return db
      .prepare<Record<string, string | number>, CaseColumns>(casesSql(filtered.where))
      .raw()
      .iterate(filtered.params);
  }

  function report(scope: ReportScope, options: LabelOptions): ScoreReport {
    return db
      .transaction(() => {
        const builder = createReportBuilder(options);
        const rows = rowsOf(scope);
        for (const [score, risk, alertQuantity, deviceAge, outcome, insights] of rows)
          builder.add({
            score,
            risk: risk === null ? null : (risks.get(risk) ?? null),
            insights: insights === null ? [] : insights.split(codeSeparator),
            alertQuantity,
            deviceAge,
            review: outcome === null ? null : (reviews.get(outcome) ?? null),
          });
        return builder.finish();
      })
      .deferred();
  }

  return {
    /**
     * Streams the scope's rows into the builder with `.iterate()`, so a history of millions of
     * rows is never held as objects; one read transaction gives a consistent picture.
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
