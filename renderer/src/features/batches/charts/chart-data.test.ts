import { describe, expect, it } from 'vitest';
import type { ResultAggregates } from '../../../../../shared/contract/results';
import { insightData, riskData, scoreData } from './chart-data';

const aggregates: ResultAggregates = {
  // 'none': the 2 answers that gave no risk, among the 10 answered (ok).
  statuses: { ok: 10, no_content: 1, invalid: 1, rejected: 0, failed: 0, pending: 0 },
  risks: { low: 3, medium: 2, high: 2, undefined: 1, none: 2 },
  scoreHistogram: [1, 0, 2, 0, 0, 1, 0, 0, 3, 1],
  topInsights: Array.from({ length: 12 }, (_, n) => ({ code: `DEV${String(n)}`, count: 12 - n })),
};

describe('chart data', () => {
  it('draws the risks in a fixed order, rows without risk last', () => {
    const data = riskData(aggregates, (risk) => risk.toUpperCase());
    expect(data.map((d) => [d.key, d.value])).toEqual([
      ['low', 3],
      ['medium', 2],
      ['high', 2],
      ['undefined', 1],
      ['none', 2],
    ]);
    expect(data[0]?.label).toBe('LOW');
  });

  it('labels score bins by their lower edge and lists their range', () => {
    const data = scoreData(aggregates, 'pt-BR');
    expect(data).toHaveLength(10);
    expect(data[8]).toMatchObject({ label: '0,8', fullLabel: '0,8–0,9', value: 3 });
  });

  it('keeps the ten most frequent insight codes', () => {
    const data = insightData(aggregates);
    expect(data).toHaveLength(10);
    expect(data[0]).toMatchObject({ key: 'DEV0', value: 12 });
  });
});
