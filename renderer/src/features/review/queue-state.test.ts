import { describe, expect, it } from 'vitest';
import type { ResultRow } from '../../../../shared/contract/results';
import { matchesFilter, sortRows, toQueueFilter } from './queue-state';

function row(seq: number, extra: Partial<ResultRow> = {}): ResultRow {
  return {
    seq,
    row: seq + 1,
    externalId: `order-${String(seq)}`,
    sessionId: null,
    cpf: null,
    status: 'ok',
    httpStatus: 200,
    deviceId: `dev-${String(seq)}`,
    deviceRisk: 'low',
    score: 0.1,
    alertQuantity: 0,
    deviceAge: 1,
    insights: [],
    outcome: null,
    outcomeSetAt: null,
    outcomeSetBy: null,
    ...extra,
  };
}

describe('the review queue filter and order', () => {
  it('turns the choices into the results filter, with stable lists', () => {
    expect(toQueueFilter({ risks: [], states: [], reviewableOnly: false })).toEqual({});
    expect(
      toQueueFilter({
        risks: ['medium', 'high'],
        states: ['none', 'Suspeito'],
        reviewableOnly: true,
      }),
    ).toEqual({ risks: ['high', 'medium'], outcomes: ['Suspeito', 'none'], statuses: ['ok'] });
  });

  it('filters rows in memory as the core does', () => {
    const reviewed = row(1, { outcome: 'Suspeito' });
    const noDevice = row(2, { status: 'no_content', deviceRisk: null, deviceId: null });
    expect(matchesFilter(reviewed, { outcomes: ['none'] })).toBe(false);
    expect(matchesFilter(reviewed, { outcomes: ['Suspeito'] })).toBe(true);
    expect(matchesFilter(noDevice, { risks: ['low'] })).toBe(false);
    expect(matchesFilter(noDevice, { statuses: ['ok'] })).toBe(false);
    expect(matchesFilter(row(3), {})).toBe(true);
  });

  it('orders the riskiest first, then by score, rows without a risk last', () => {
    const rows = [
      row(1, { deviceRisk: 'medium', score: 0.5 }),
      row(2, { deviceRisk: null, score: null }),
      row(3, { deviceRisk: 'high', score: 0.8 }),
      row(4, { deviceRisk: 'high', score: 0.95 }),
      row(5, { deviceRisk: 'undefined', score: 0.2 }),
    ];
    expect(sortRows(rows, 'risk').map((item) => item.seq)).toEqual([4, 3, 1, 5, 2]);
    expect(sortRows(rows, 'score').map((item) => item.seq)).toEqual([4, 3, 1, 5, 2]);
    expect(sortRows(rows, 'row').map((item) => item.seq)).toEqual([1, 2, 3, 4, 5]);
  });
});
