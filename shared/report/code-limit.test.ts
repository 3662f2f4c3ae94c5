import { describe, expect, it } from 'vitest';
import { smallCount } from './breakdowns';
import { codeLimit, topCodes, withTopCodes } from './code-limit';
import { createReportBuilder, scoreReport, type ReportCase } from './report';

const labels = { suspeito: 'fraud', unreviewed: 'legit' } as const;

/**
 * 6,000 cases with 8 codes each: 40 common codes (each on one row in 40, about 150 rows) and
 * 7 rare ones from a pool of 30,000, as a service with a large code list answers.
 */
function manyCodeCases(): ReportCase[] {
  return Array.from({ length: 6000 }, (_, i) => ({
    score: (i % 100) / 100,
    risk: 'low',
    insights: [
      `COMMON${String(i % 40).padStart(2, '0')}`,
      ...Array.from({ length: 7 }, (_, k) => `RARE${String((i * 7 + k * 4099) % 30_000)}`),
    ],
    alertQuantity: 0,
    deviceAge: 100,
    review: i % 7 === 0 || (i % 40 < 5 && i % 3 === 0) ? 'Fraude Confirmada' : null,
  }));
}

describe('topCodes', () => {
  // 92,035 codes reached the window, which froze for 16 s drawing a row for each.
  it('keeps the report of thousands of codes small: the codes with most rows, each on enough rows', () => {
    const full = scoreReport(manyCodeCases(), labels);
    expect(full.insightCodes.length).toBeGreaterThan(20_000);
    const shown = withTopCodes(full);
    expect(shown.insightCodes).toHaveLength(codeLimit);
    expect(JSON.stringify(shown).length).toBeLessThan(100_000);
    expect(shown.insightCodes.every((code) => code.rows >= smallCount)).toBe(true);
    // The codes with most rows: none left out has more rows than the fewest shown.
    const fewest = Math.min(...shown.insightCodes.map((code) => code.rows));
    const names = new Set(shown.insightCodes.map((code) => code.code));
    const leftOut = full.insightCodes.filter((code) => !names.has(code.code));
    expect(Math.max(...leftOut.map((code) => code.rows))).toBeLessThanOrEqual(fewest);
    // Each code's numbers as the whole report has them, in the table's order (lift first).
    expect(shown.insightCodes).toEqual(full.insightCodes.filter((code) => names.has(code.code)));
    expect(shown.insightCodesNotShown).toEqual({
      codes: full.insightCodes.length - codeLimit,
      fewRows: full.insightCodes.filter((code) => code.rows < smallCount).length,
    });
    // The rest of the report is untouched.
    expect({ ...shown, insightCodes: [], insightCodesNotShown: null }).toEqual({
      ...full,
      insightCodes: [],
      insightCodesNotShown: null,
    });
  });

  // The window's answer is built with finish('top'); a save of every code is checked against it
  // through withTopCodes, so the two must be the same to the byte.
  it('gives, from the builder, the very report withTopCodes cuts from every code', () => {
    const builder = createReportBuilder(labels);
    for (const row of manyCodeCases()) builder.add(row);
    const top = builder.finish('top');
    expect(top.insightCodes).toHaveLength(codeLimit);
    expect(JSON.stringify(top)).toBe(JSON.stringify(withTopCodes(builder.finish('all'))));
  });

  it('shows every code, few rows or not, while there are no more than the limit', () => {
    const cases: ReportCase[] = Array.from({ length: 50 }, (_, i) => ({
      score: i / 50,
      risk: 'high',
      insights: [`DEV${String(i % codeLimit).padStart(4, '0')}`],
      alertQuantity: 1,
      deviceAge: 5,
      review: i % 2 === 0 ? 'Fraude Confirmada' : 'Legítima',
    }));
    const full = scoreReport(cases, labels);
    expect(full.insightCodes).toHaveLength(codeLimit);
    expect(withTopCodes(full)).toEqual(full);
    expect(full.insightCodesNotShown).toEqual({ codes: 0, fewRows: 0 });
  });

  it('shows none when every code is on too few rows, and counts them all', () => {
    const codes = Array.from({ length: codeLimit + 5 }, (_, i) => ({
      code: `C${String(i)}`,
      rows: 3,
      fraud: 1,
      fraudRate: 1 / 3,
      lift: 2,
      interval: [0.1, 0.8] as [number, number],
      small: true,
    }));
    expect(topCodes(codes)).toEqual({ shown: [], notShown: { codes: 30, fewRows: 30 } });
  });

  it('breaks ties on rows by the code, so the same history shows the same codes', () => {
    const code = (name: string) => ({
      code: name,
      rows: 40,
      fraud: 4,
      fraudRate: 0.1,
      lift: 1,
      interval: [0.04, 0.23] as [number, number],
      small: false,
    });
    const names = Array.from({ length: codeLimit + 3 }, (_, i) => `K${String(100 + i)}`);
    const forward = topCodes(names.map(code)).shown.map((row) => row.code);
    const backward = topCodes([...names].reverse().map(code)).shown.map((row) => row.code);
    expect(forward).toEqual(names.slice(0, codeLimit));
    expect(backward).toEqual(forward);
  });
});
