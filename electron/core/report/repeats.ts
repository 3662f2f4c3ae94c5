import type { ReportCounts, ReportGroup } from '../../../shared/report/report';
import type { Db } from '../store/db';
import type { Scope } from './report-counts';
import { outcomeRanks } from '../store/result-filter';
import { notDeleting } from '../store/deleting-batches';

/**
 * A transaction counts once in a report, however many rows of the scope name it: an outcome
 * belongs to the transaction in its environment (the outcomes table is keyed by its external ID
 * and environment, and a report's scope is of one destination), so a transaction
 * imported twice, or looked up again in a later batch reusing its stored answer, is one case, and
 * counting it per row made the AUC interval narrower than the cases support.
 *
 * Which row represents it: the answer that was reviewed (its entry holds the outcome's rank only
 * when it named the outcome's device: migration 0022), before any other: a label is the
 * analyst's word on that answer, and scoring it with a later answer naming another device paired
 * the review with a device nobody looked at (a tester's AUC fell from 0.723 to 0.396). Then a row
 * with a score before one without (`rank` below), then the row of the newest batch (batch keys
 * grow as batches are made), then the later row of that batch. The newest answer is the service
 * as it scores now, the one a cut-off chosen from this report will meet; a later failure, 204 or
 * row never sent does not drop a transaction the service did score. A reused answer is a copy of
 * the earlier one, so either gives the same score. The newest batch stands for the newest answer
 * (reading each row's lookup time would join every repeated row to its lookup); they differ only
 * for a batch run after a newer one was made. Rows without an external ID cannot be told apart,
 * and each counts as its own. `laterDevices` counts the labels a later answer would have scored
 * otherwise, for the report to say so.
 *
 * Only a transaction the report counts folds its rows into one: one with a score or a review
 * (`counted` below). The report says a repeated row "repeats a transaction counted once (its
 * reviewed answer, else its latest answer with a score)"; a transaction imported three times,
 * invalid each time, has no such answer, and its three rows are three rows not sent, as the
 * batches count them (a tester's report said 8 invalid where the batches held 18, the other 10
 * under repeats of transactions counted nowhere).
 *
 * The repeated rows are set aside in a temporary table of this connection: SQLite then counts
 * the rows of the scope without them, or only them, along the same statements.
 */

/**
 * The representative first: the reviewed answer; then scored; else answered without a score;
 * else failed; else never sent or invalid (a transaction the service answered 204 was looked
 * up, whatever a later batch did); then the newest batch, the latest row: reviewed in bit 62,
 * the tier in bits 60-61, the batch key below it (under 2^29), the row in the low 31 bits
 * (a batch holds at most a spreadsheet's 1,048,576 rows, far under 2^31).
 */
const rank = `((ri.outcome IS NOT NULL) << 62)
  | (CASE WHEN ri.score IS NOT NULL THEN 3 WHEN ri.status IN ('ok', 'no_content') THEN 2
  WHEN ri.status IN ('rejected', 'failed') THEN 1 ELSE 0 END << 60)
  | (ri.batch_key << 31) | ri.seq`;

/**
 * Whether a representative's `rank` counts its transaction once: reviewed (bit 62), or with a
 * score (tier 3).
 */
const counted = (top: string) => `((${top}) >> 60) >= 3`;

/** A row's place in time: its batch's key, then its row. */
const position = '((ri.batch_key << 31) | ri.seq)';

export function repeatedRows(db: Db) {
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS report_ids (
      external_id TEXT NOT NULL PRIMARY KEY COLLATE NOCASE, n INTEGER NOT NULL) WITHOUT ROWID;
    CREATE TEMP TABLE IF NOT EXISTS report_rows (
      batch_key INTEGER NOT NULL, seq INTEGER NOT NULL, PRIMARY KEY (batch_key, seq)) WITHOUT ROWID`);
  const clearIds = db.prepare('DELETE FROM temp.report_ids');
  const clearRows = db.prepare('DELETE FROM temp.report_rows');
  const repeatsListed = db
    .prepare<[], number>('SELECT COALESCE(SUM(n - 1), 0) FROM temp.report_ids')
    .pluck();
  const prepared = new Map<string, ReturnType<Db['prepare']>>();
  const statement = (sql: string) => {
    let found = prepared.get(sql);
    if (!found) prepared.set(sql, (found = db.prepare(sql)));
    return found;
  };

  return {
    /**
     * Lists the IDs that may repeat in the scope (`report_ids`): the rows of the scope, and at
     * most how many of them repeat a transaction (0: none does). `destination`, for an
     * environment's scope: its IDs are read along the index of every row's ID without case, in
     * order, so a history with no repeated ID (the usual one) is told so in one pass with no
     * sort (0.2 s for a million rows, where grouping the exact IDs costs 0.35 s); IDs that differ
     * only in case are then told apart by `keepRepeats`. A batch's rows are grouped along its own
     * index of IDs, in order.
     */
    find(scope: Scope, destination?: string): { rows: number; repeats: number } {
      clearIds.run();
      const { rows } = statement(
        `SELECT COUNT(*) AS rows FROM result_index ri WHERE ${scope.where}`,
      ).get(scope.params) as { rows: number };
      if (destination !== undefined)
        statement(
          `INSERT INTO temp.report_ids (external_id, n)
           SELECT external_id, COUNT(*) FROM batch_rows INDEXED BY batch_rows_external_nocase
           WHERE batch_key IN (SELECT key FROM batches WHERE destination = ? AND ${notDeleting('key')})
             AND external_id IS NOT NULL
           GROUP BY external_id COLLATE NOCASE HAVING COUNT(*) > 1`,
        ).run(destination);
      else
        statement(
          `INSERT INTO temp.report_ids (external_id, n)
           SELECT ri.external_id, COUNT(*) FROM result_index ri
           WHERE ${scope.where} AND ri.external_id IS NOT NULL
           GROUP BY ri.external_id HAVING COUNT(*) > 1`,
        ).run(scope.params);
      const repeats = repeatsListed.get() ?? 0;
      return { rows, repeats };
    },

    /**
     * Sets aside the rows of the listed IDs that repeat a counted transaction, when they are few
     * of the scope's rows; returns how many. The listed IDs lead (CROSS JOIN), each looked up in
     * the index of IDs without case: left to itself SQLite walked every row of the scope (0.66 s
     * for a million rows, 0.34 s this way with 50,000 repeated IDs).
     */
    keepRepeats(scope: Scope): number {
      clearRows.run();
      return statement(
        `INSERT INTO temp.report_rows (batch_key, seq)
         SELECT batch_key, seq FROM (
           SELECT ri.batch_key AS batch_key, ri.seq AS seq,
             ROW_NUMBER() OVER byRank AS n, first_value(${rank}) OVER byRank AS top
           FROM temp.report_ids i
           CROSS JOIN batch_rows b ON b.external_id = i.external_id COLLATE NOCASE
           CROSS JOIN result_index ri ON ri.batch_key = b.batch_key AND ri.seq = b.seq
           WHERE ${scope.where}
           WINDOW byRank AS (PARTITION BY ri.external_id ORDER BY ${rank} DESC))
         WHERE n > 1 AND ${counted('top')}`,
      ).run(scope.params).changes;
    },

    /**
     * Sets aside the rows that count, when most rows repeat a transaction: each counted
     * transaction's representative, and every row of the others; returns how many. The rows of
     * the others are few (a transaction seldom goes without a score everywhere): they lead,
     * each found along the index of IDs, rather than a second walk of every row of the scope.
     */
    keepCases(scope: Scope): number {
      clearRows.run();
      return statement(
        `INSERT INTO temp.report_rows (batch_key, seq)
         WITH top AS MATERIALIZED (
           SELECT ri.external_id AS id, max(${rank}) AS r FROM result_index ri
           WHERE ${scope.where} AND ri.external_id IS NOT NULL GROUP BY ri.external_id)
         SELECT (r >> 31) & 536870911, r & 2147483647 FROM top WHERE ${counted('r')}
         UNION ALL
         SELECT ri.batch_key, ri.seq FROM top t
         CROSS JOIN batch_rows b ON b.external_id = t.id COLLATE NOCASE
         CROSS JOIN result_index ri ON ri.batch_key = b.batch_key AND ri.seq = b.seq
         WHERE NOT ${counted('t.r')} AND ri.external_id = t.id AND ${scope.where}
         UNION ALL
         SELECT ri.batch_key, ri.seq FROM result_index ri
         WHERE ${scope.where} AND ri.external_id IS NULL`,
      ).run(scope.params).changes;
    },

    /**
     * How many transactions of the scope are labelled by their reviewed answer (with a score,
     * and a label under `suspeitoFraud`) while a later row of the scope has an answer without
     * the outcome's rank: one that named another device. Led by the reviewed rows (the index of
     * outcomes, ranks 0 and up: few of the scope's rows), each transaction's later rows found
     * along the index of IDs: grouping every repeated row instead nearly doubled the CPU time of
     * a million-row report (1.85 s; 0.87 s this way, in tests/bench/report.bench.ts).
     */
    laterDevices(scope: Scope, suspeitoFraud: boolean): number {
      const row = statement(
        `SELECT COUNT(*) AS n FROM (
           SELECT ri.external_id AS id, max(${position}) AS reviewed
           FROM result_index ri INDEXED BY result_index_outcome
           WHERE ${scope.where} AND ri.outcome >= 0 AND ri.score IS NOT NULL
             AND ri.external_id IS NOT NULL AND (ri.outcome <> @suspeitoRank OR @suspeitoFraud)
           GROUP BY ri.external_id) t
         WHERE EXISTS (
           SELECT 1 FROM batch_rows b
           CROSS JOIN result_index ri ON ri.batch_key = b.batch_key AND ri.seq = b.seq
           WHERE b.external_id = t.id COLLATE NOCASE AND b.external_id = t.id
             AND ${scope.where} AND ri.outcome IS NULL AND ri.status = 'ok'
             AND ${position} > t.reviewed)`,
      ).get({
        ...scope.params,
        suspeitoRank: outcomeRanks.Suspeito,
        suspeitoFraud: suspeitoFraud ? 1 : 0,
      }) as { n: number };
      return row.n;
    },

    /** The rows set aside, as a scope. */
    kept: {
      where: '(ri.batch_key, ri.seq) IN (SELECT batch_key, seq FROM temp.report_rows)',
      params: {},
    } satisfies Scope,

    clear(): void {
      clearIds.run();
      clearRows.run();
    },
  };
}

type Counted = { positive: number; negative: number };

function net<K>(into: Map<K, Counted>, key: K, positive: number, negative: number): void {
  const found = into.get(key) ?? { positive: 0, negative: 0 };
  into.set(key, { positive: found.positive + positive, negative: found.negative + negative });
}

/**
 * The counts of `all` less those of `less` (rows among them), added up so no count is negative:
 * the report builder keeps one score per case, and cannot take one back.
 */
export function countsLess(all: ReportCounts[], less: ReportCounts): ReportCounts {
  const excluded: ReportCounts['excluded'] = {};
  const scores = new Map<number, Counted>();
  const codes = new Map<string, Counted & { code: string }>();
  const risks = new Map<ReportGroup['risk'], Counted>();
  const alerts = new Map<string, Counted>();
  const ages = new Map<NonNullable<ReportGroup['age']>, Counted>();
  const add = (counts: ReportCounts, sign: 1 | -1) => {
    for (const [reason, n] of Object.entries(counts.excluded) as Array<
      [keyof ReportCounts['excluded'], number]
    >)
      excluded[reason] = (excluded[reason] ?? 0) + sign * n;
    for (const { score, positive, negative } of counts.scores)
      net(scores, score, sign * positive, sign * negative);
    for (const { code, positive, negative } of counts.codes) {
      // Codes compare without case, as the codes table does.
      const key = code.toUpperCase();
      const found = codes.get(key) ?? { code, positive: 0, negative: 0 };
      codes.set(key, {
        code: found.code,
        positive: found.positive + sign * positive,
        negative: found.negative + sign * negative,
      });
    }
    for (const group of counts.groups) {
      const [positive, negative] = [sign * group.positive, sign * group.negative];
      if (group.risk !== undefined) net(risks, group.risk, positive, negative);
      if (group.alerts !== undefined) net(alerts, group.alerts, positive, negative);
      if (group.age !== undefined) net(ages, group.age, positive, negative);
    }
  };
  for (const counts of all) add(counts, 1);
  add(less, -1);
  const some = ({ positive, negative }: Counted) => positive !== 0 || negative !== 0;
  return {
    excluded,
    scores: [...scores].filter(([, n]) => some(n)).map(([score, n]) => ({ score, ...n })),
    codes: [...codes.values()].filter(some),
    groups: [
      ...[...risks].map(([risk, n]) => ({ risk, ...n })),
      ...[...alerts].map(([bucket, n]) => ({ alerts: bucket, ...n })),
      ...[...ages].map(([age, n]) => ({ age, ...n })),
    ].filter(some),
  };
}
