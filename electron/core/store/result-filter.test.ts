import { describe, expect, it } from 'vitest';
import type { ResultSortColumn } from '../../../shared/contract/results';
import { filterSql, orderBy, outcomeRankSql } from './result-filter';

/** The batch's rows: its key read from its ID (migration 0013). */
const inBatch = 'ri.batch_key = (SELECT key FROM batches WHERE id = @batchId)';

describe('orderBy', () => {
  it('maps each sortable column to its indexed column, seq breaking ties the same way', () => {
    expect(orderBy('score', 'desc')).toBe('ri.score DESC, ri.seq DESC');
    expect(orderBy('deviceRisk', 'asc')).toBe('ri.risk ASC, ri.score ASC, ri.seq ASC');
    expect(orderBy('row', 'asc', 'x')).toBe('x.source_row ASC, x.seq ASC');
  });

  it('can keep SQLite from walking the sort index (a filtered page is sorted instead)', () => {
    expect(orderBy('deviceRisk', 'desc', 'ri', false)).toBe(
      '+ri.risk DESC, +ri.score DESC, +ri.seq DESC',
    );
  });

  it('refuses anything outside the whitelist rather than putting it in the SQL', () => {
    const injected = 'score; DROP TABLE batches' as ResultSortColumn;
    expect(() => orderBy(injected, 'asc')).toThrow(/Cannot sort/);
    expect(() => orderBy('toString' as ResultSortColumn, 'asc')).toThrow(/Cannot sort/);
    expect(() => orderBy('score', 'asc; --' as 'asc')).toThrow(/Cannot sort/);
  });
});

describe('filterSql', () => {
  it('restricts only to the batch when nothing is chosen, empty lists included', () => {
    expect(filterSql('b1', { statuses: [], risks: [], insight: '  ' })).toEqual({
      where: inBatch,
      params: { batchId: 'b1' },
      filtered: false,
      chartIndex: 'result_index_chart',
      outside: `${inBatch} AND 0`,
      scan: inBatch,
      matching: '1',
    });
  });

  it('leaves out the rows whose conditions are not all true, an empty value included', () => {
    expect(filterSql('b1', { risks: ['high'], scoreMin: 0.5 }).outside).toBe(
      `${inBatch} AND (ri.risk IN (SELECT value FROM json_each(@risks)) AND ri.score >= @scoreMin) IS NOT 1`,
    );
  });

  it('passes every value as a parameter, never in the SQL text', () => {
    const { where, params, filtered } = filterSql('b1', {
      statuses: ['ok', 'pending'],
      risks: ['high', 'undefined'],
      scoreMin: 0.25,
      scoreMax: 0.75,
      alertMin: 2,
      insight: " DEV0003' OR 1=1 ",
    });
    expect(filtered).toBe(true);
    expect(where).not.toMatch(/DEV0003|0\.25|'ok'/);
    expect(params).toEqual({
      batchId: 'b1',
      statuses: '["ok","pending"]',
      risks: '[3,0]',
      scoreMin: 0.25,
      scoreMax: 0.75,
      alertMin: 2,
      insight: "DEV0003' OR 1=1",
    });
  });
});

describe('the outcomes filter', () => {
  const where = (outcomes: NonNullable<Parameters<typeof filterSql>[1]['outcomes']>) =>
    filterSql('b1', { outcomes });

  it('reads rows not reviewed as a NULL rank, reviewed ones by rank', () => {
    expect(where(['none'])).toEqual({
      where: `${inBatch} AND ri.outcome IS NULL`,
      params: { batchId: 'b1' },
      filtered: true,
      chartIndex: 'result_index_outcome',
      outside: `${inBatch} AND (ri.outcome IS NULL) IS NOT 1`,
      scan: `${inBatch} AND +(ri.outcome IS NULL)`,
      matching: 'ri.outcome IS NULL',
    });
    expect(where(['Device Positivado', 'Suspeito'])).toMatchObject({
      where: `${inBatch} AND ri.outcome IN (SELECT value FROM json_each(@outcomes))`,
      params: { outcomes: '[2,0]' },
    });
    expect(where(['Fraude Confirmada', 'none'])).toMatchObject({
      where: `${inBatch} AND (ri.outcome IS NULL OR ri.outcome IN (SELECT value FROM json_each(@outcomes)))`,
      params: { outcomes: '[1]' },
    });
    expect(where([]).filtered).toBe(false);
    expect(where([]).chartIndex).toBe('result_index_chart');
  });

  it('ranks outcomes in the order of the review keys', () => {
    expect(outcomeRankSql('o.outcome')).toBe(
      "CASE o.outcome WHEN 'Suspeito' THEN 0 WHEN 'Fraude Confirmada' THEN 1 WHEN 'Device Positivado' THEN 2 WHEN 'Legítima' THEN 3 END",
    );
    expect(orderBy('outcome', 'desc')).toBe('ri.outcome DESC, ri.seq DESC');
  });
});
