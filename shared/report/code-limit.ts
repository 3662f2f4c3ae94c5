import { smallCount, type GroupRate } from './breakdowns';

/** One insight code's row of the report: its labelled rows, fraud rate, lift and interval. */
export type CodeRate = { code: string } & GroupRate;

/**
 * The most codes the report's table lists. A service answers from a list of thousands of codes:
 * 92,035 of them in one history made a 10 MB answer whose table froze the window for 16 s. The
 * sandbox's 20 codes all fit.
 */
export const codeLimit = 25;

/** The codes a report leaves out of its table, and how many of those are on too few rows. */
export interface CodesNotShown {
  codes: number;
  /** Of `codes`, those on fewer than `smallCount` labelled rows: a rate there says nothing. */
  fewRows: number;
}

/** The table's order: highest lift first, then the most rows, then by name. */
export function byLift(a: CodeRate, b: CodeRate): number {
  return (b.lift ?? -1) - (a.lift ?? -1) || b.rows - a.rows || a.code.localeCompare(b.code);
}

/**
 * The codes the table lists, in no order: every code while there are no more than `limit`;
 * beyond, the `limit` codes on the most labelled rows, leaving out codes on fewer than
 * `smallCount` rows (with thousands of codes, those are noise). Ties on rows go by the code, so
 * the same history lists the same codes. Needs only the counts: the report builder picks before
 * it works out rates and intervals, which cost more than the counting for 90,000 codes.
 */
export function pickCodes<T extends { code: string; rows: number }>(
  codes: readonly T[],
  limit = codeLimit,
): { kept: T[]; notShown: CodesNotShown } {
  if (codes.length <= limit) return { kept: [...codes], notShown: { codes: 0, fewRows: 0 } };
  const fewRows = codes.filter((code) => code.rows < smallCount).length;
  const kept = codes
    .filter((code) => code.rows >= smallCount)
    .sort((a, b) => b.rows - a.rows || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
    .slice(0, limit);
  return { kept, notShown: { codes: codes.length - kept.length, fewRows } };
}

/** `pickCodes` in the table's order; each code keeps its numbers. */
export function topCodes(
  codes: readonly CodeRate[],
  limit = codeLimit,
): { shown: CodeRate[]; notShown: CodesNotShown } {
  const { kept, notShown } = pickCodes(codes, limit);
  return { shown: kept.sort(byLift), notShown };
}

/**
 * The report with its code table cut to `topCodes`: the same as the builder's `finish('top')`,
 * from a report of every code. Codes a report already left out stay counted.
 */
export function withTopCodes<
  T extends { insightCodes: CodeRate[]; insightCodesNotShown: CodesNotShown },
>(report: T, limit = codeLimit): T {
  const { shown, notShown } = topCodes(report.insightCodes, limit);
  if (notShown.codes === 0) return report;
  return {
    ...report,
    insightCodes: shown,
    insightCodesNotShown: {
      codes: report.insightCodesNotShown.codes + notShown.codes,
      fewRows: report.insightCodesNotShown.fewRows + notShown.fewRows,
    },
  };
}
