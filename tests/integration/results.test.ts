import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewService } from '../../electron/core/review/review-service';
import { rowsRepo } from '../../electron/core/store/rows.repo';
import type { ResultFilter, ResultSortColumn } from '../../shared/contract/results';
import { resultSortColumns } from '../../shared/contract/results';
import { outcomes, type Outcome } from '../../shared/domain/types';
import { formulaId, resultsFixture, unwrap, type ResultsFixture } from './results-fixture';

let fixture: ResultsFixture;
beforeAll(async () => {
  fixture = await resultsFixture();
  // Outcomes on some answered rows, through the review service, so the outcome column, sort and
  // filter have every value to work on.
  const review = reviewService(fixture.history.db);
  outcomes.forEach((outcome, index) => {
    const targets = Array.from({ length: 300 }, (_, i) => i + 1)
      .filter((seq) => seq % (index + 3) === 0)
      .map((seq) => ({ batchId: fixture.batchId, seq }));
    review.set(targets, outcome);
  });
});
afterAll(() => fixture.close());

/** The stored outcome of each transaction id, read straight from its table. */
function storedOutcomes(): Map<string, Outcome> {
  const rows = fixture.history.db
    .prepare('SELECT external_id, outcome FROM outcomes')
    .all() as Array<{ external_id: string; outcome: Outcome }>;
  return new Map(rows.map((row) => [row.external_id, row.outcome]));
}

/** The batch's rows as the straightforward reading of the stored rows gives them. */
function everyRow() {
  const reviewed = storedOutcomes();
  return [...rowsRepo(fixture.history.db).iterate(fixture.batchId)].map((row) => ({
    seq: row.seq,
    row: row.sourceRow,
    externalId: row.externalId,
    status: row.status ?? ('pending' as const),
    deviceRisk: row.result?.deviceRisk ?? null,
    score: row.result?.score ?? null,
    alertQuantity: row.result?.alertQuantity ?? null,
    deviceAge: row.result?.deviceAge ?? null,
    insights: row.result?.insights ?? [],
    outcome: (row.externalId === null ? undefined : reviewed.get(row.externalId)) ?? null,
  }));
}
type Row = ReturnType<typeof everyRow>[number];

const riskRank = { undefined: 0, low: 1, medium: 2, high: 3 } as const;
const sortKey: Record<ResultSortColumn, (row: Row) => string | number | null> = {
  row: (row) => row.row,
  externalId: (row) => row.externalId,
  status: (row) => row.status,
  deviceRisk: (row) => (row.deviceRisk === null ? null : riskRank[row.deviceRisk]),
  score: (row) => row.score,
  alertQuantity: (row) => row.alertQuantity,
  deviceAge: (row) => row.deviceAge,
  outcome: (row) => (row.outcome === null ? null : outcomes.indexOf(row.outcome)),
};

/** Rows without a value first, as SQLite orders NULL; ties by seq (risk: by score first); desc is asc reversed. */
function sorted(rows: Row[], sort: ResultSortColumn, direction: 'asc' | 'desc'): Row[] {
  const key = sortKey[sort];
  const compare = (a: Row, b: Row) => {
    const [x, y] = [key(a), key(b)];
    if (x !== y) return x === null ? -1 : y === null ? 1 : x < y ? -1 : 1;
    // The risk sort breaks ties by score, then by seq, like every other sort.
    if (sort === 'deviceRisk' && a.score !== b.score)
      return a.score === null ? -1 : b.score === null ? 1 : a.score - b.score;
    return a.seq - b.seq;
  };
  const ascending = [...rows].sort(compare);
  return direction === 'asc' ? ascending : ascending.reverse();
}

function matches(row: Row, filter: ResultFilter): boolean {
  const { statuses, risks, scoreMin, scoreMax, alertMin, insight } = filter;
  if (filter.outcomes?.length && !filter.outcomes.includes(row.outcome ?? 'none')) return false;
  if (statuses?.length && !statuses.includes(row.status)) return false;
  if (risks?.length && (row.deviceRisk === null || !risks.includes(row.deviceRisk))) return false;
  if (scoreMin !== undefined && (row.score === null || row.score < scoreMin)) return false;
  if (scoreMax !== undefined && (row.score === null || row.score > scoreMax)) return false;
  if (alertMin !== undefined && (row.alertQuantity === null || row.alertQuantity < alertMin))
    return false;
  const code = insight?.trim().toUpperCase();
  return !code || row.insights.some((each) => each.toUpperCase() === code);
}

/** Filters to check, with score bounds equal to stored scores so both bounds are inclusive. */
function filtersFor(rows: Row[]): ResultFilter[] {
  const scores = rows
    .flatMap((row) => (row.score === null ? [] : [row.score]))
    .sort((a, b) => a - b);
  return [
    {},
    { statuses: ['ok'] },
    { statuses: ['pending', 'invalid', 'failed', 'rejected'] },
    { risks: ['high', 'medium'] },
    { scoreMin: 0.3, scoreMax: 0.7 },
    { scoreMin: scores[20]!, scoreMax: scores[120]! },
    { alertMin: 2 },
    { insight: 'ger0005' },
    { statuses: ['ok'], risks: ['low', 'undefined'], insight: 'DEV0003', scoreMax: 0.5 },
    { outcomes: ['none'] },
    { outcomes: ['Suspeito', 'Device Positivado'] },
    { outcomes: ['none', 'Fraude Confirmada'], statuses: ['ok'] },
  ];
}

describe('results of a batch', () => {
  it('has answered, failed, rejected, invalid and pending rows to work on', () => {
    const reviewed = new Set(everyRow().map((row) => row.outcome));
    expect(reviewed).toEqual(new Set([...outcomes, null]));
    const statuses = new Set(everyRow().map((row) => row.status));
    expect([...statuses].sort()).toEqual([
      'failed',
      'invalid',
      'no_content',
      'ok',
      'pending',
      'rejected',
    ]);
  });

  it('pages, sorts and filters exactly as an in-memory computation over the same rows', async () => {
    const all = everyRow();
    for (const filter of filtersFor(all)) {
      const matching = all.filter((row) => matches(row, filter));
      expect(matching.length, JSON.stringify(filter)).toBeGreaterThan(0);
      for (const sort of resultSortColumns) {
        for (const direction of ['asc', 'desc'] as const) {
          const expected = sorted(matching, sort, direction);
          for (const [offset, limit] of [
            [0, 50],
            [37, 61],
            [matching.length - 3, 10],
          ] as const) {
            const query = { batchId: fixture.batchId, filter, sort, direction, offset, limit };
            const page = unwrap(await fixture.handlers['results.page'](query));
            const label = JSON.stringify({ filter, sort, direction, offset });
            expect(page.total, label).toBe(matching.length);
            expect(
              page.rows.map((row) => row.seq),
              label,
            ).toEqual(expected.slice(offset, offset + limit).map((row) => row.seq));
          }
        }
      }
    }
  });

  it('fills each line from the row and its answer', async () => {
    const query = {
      batchId: fixture.batchId,
      filter: {},
      sort: 'row',
      direction: 'asc',
      offset: 0,
      limit: 500,
    } as const;
    const { rows } = unwrap(await fixture.handlers['results.page'](query));
    expect(
      rows.map(
        ({
          seq,
          row,
          externalId,
          status,
          deviceRisk,
          score,
          alertQuantity,
          deviceAge,
          insights,
          outcome,
        }) => ({
          seq,
          row,
          externalId,
          status,
          deviceRisk,
          score,
          alertQuantity,
          deviceAge,
          insights,
          outcome,
        }),
      ),
    ).toEqual(everyRow());
    const reviewedLine = rows.find((row) => row.outcome !== null);
    expect(reviewedLine?.outcomeSetAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(
      rows.filter((row) => row.outcome === null).every((row) => row.outcomeSetAt === null),
    ).toBe(true);
    expect(rows[5]).toMatchObject({ externalId: formulaId, status: 'ok', httpStatus: 200 });
    expect(rows[0]).toMatchObject({ status: 'failed', httpStatus: 500, deviceId: null });
  });

  it('counts statuses, risks, score bins and insight codes over the filtered rows', async () => {
    for (const filter of filtersFor(everyRow())) {
      const rows = everyRow().filter((row) => matches(row, filter));
      const count = <K extends string>(keys: K[]) =>
        Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
      const statuses = count(['ok', 'no_content', 'invalid', 'rejected', 'failed', 'pending']);
      const risks = count(['undefined', 'low', 'medium', 'high', 'none']);
      const scoreHistogram = Array.from({ length: 10 }, () => 0);
      const codes = new Map<string, number>();
      for (const row of rows) {
        statuses[row.status] += 1;
        // Rows without an answer (pending, invalid, refused, failed, 204) are not in the risk
        // chart: 'none' means an answer that gave no risk.
        if (row.deviceRisk !== null) risks[row.deviceRisk] += 1;
        else if (row.status === 'ok') risks.none += 1;
        if (row.score !== null) scoreHistogram[Math.min(9, Math.floor(row.score * 10))]! += 1;
        for (const code of row.insights) codes.set(code, (codes.get(code) ?? 0) + 1);
      }
      const topInsights = [...codes]
        .map(([code, n]) => ({ code, count: n }))
        .sort((a, b) => b.count - a.count || (a.code < b.code ? -1 : 1))
        .slice(0, 10);
      const aggregates = unwrap(
        await fixture.handlers['results.aggregates']({ batchId: fixture.batchId, filter }),
      );
      expect(aggregates, JSON.stringify(filter)).toEqual({
        statuses,
        risks,
        scoreHistogram,
        topInsights,
      });
    }
  });

  it('shows one row in full, the request parsed and problems as data the window words', async () => {
    const detail = (seq: number) =>
      fixture.handlers['results.detail']({ batchId: fixture.batchId, seq });
    const answered = unwrap(await detail(6));
    expect(answered).toMatchObject({
      seq: 6,
      externalId: formulaId,
      status: 'ok',
      attempts: 1,
      problems: [],
    });
    expect(answered.request).toMatchObject({ externalID: formulaId, phone: { countryCode: '55' } });
    expect(answered.result?.deviceID).toBe(answered.deviceId);
    expect(answered.lookedUpAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    expect(unwrap(await detail(11))).toMatchObject({
      status: 'invalid',
      request: null,
      result: null,
      // A field and a rule, never an English sentence: the window words it in its language.
      problems: [{ field: 'cpf', rule: 'check_digits' }],
      attempts: 0,
      lookedUpAt: null,
    });
    const failed = unwrap(await detail(1));
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, httpStatus: 500 });
    expect(failed.messages.length).toBeGreaterThan(0);
    expect(unwrap(await detail(300))).toMatchObject({ status: 'pending', attempts: 0 });

    expect(await detail(301)).toEqual({
      ok: false,
      error: { code: 'validation', message: `There is no row 301 in batch ${fixture.batchId}.` },
    });
    const unknownBatch = await fixture.handlers['results.aggregates']({
      batchId: 'nope',
      filter: {},
    });
    expect(unknownBatch).toMatchObject({
      ok: false,
      error: {
        code: 'no_batch',
        message: expect.stringMatching(/^There is no batch nope in this history/) as unknown,
      },
    });
  });
});
