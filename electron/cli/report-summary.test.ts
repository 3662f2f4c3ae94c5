import { describe, expect, it } from 'vitest';
import type { ReportView } from '../../shared/contract/report';
import { codeLimit, withTopCodes } from '../../shared/report/code-limit';
import { scoreReport, type ReportCase } from '../../shared/report/report';
import { reportSummary } from './report-summary';

const labels = { suspeito: 'fraud', unreviewed: 'legit' } as const;

function view(cases: ReportCase[]): ReportView {
  return { ...scoreReport(cases, labels), environment: 'sandbox', batch: 'b-1' };
}

const scored = (score: number, fraud: boolean, risk: ReportCase['risk'] = 'low'): ReportCase => ({
  score,
  risk,
  insights: [],
  alertQuantity: 0,
  deviceAge: 1,
  review: fraud ? 'Fraude Confirmada' : null,
});

describe('reportSummary', () => {
  // The answers that gave no deviceRisk vanished from the risk table, which then added up to
  // fewer cases than were labelled, with no word why.
  it('counts the cases without a risk in a row of their own', () => {
    const lines = reportSummary(
      view([scored(0.9, true, 'high'), scored(0.8, true, null), scored(0.1, false, null)]),
    );
    expect(lines).toContain('  Risk level      rows  fraud  fraud rate');
    expect(lines).toContain('  high               1      1  100.0%');
    expect(lines).toContain('  no risk given      2      1  50.0%');
  });

  // 2 499 fraud of 2 500 read "100.0%", and an AUC of 0.9996 read "1.000".
  it('never prints a share below 1 as 100.0%, nor a statistic below 1 as 1.000', () => {
    // 2 499 of 2 500 high-risk cases are fraud, 1 of 2 500 low-risk ones; one legitimate case
    // scores above every fraud, so the AUC is 0.9996.
    const cases = [
      ...Array.from({ length: 2499 }, () => scored(0.9, true, 'high')),
      scored(0.99, false, 'high'),
      ...Array.from({ length: 2499 }, () => scored(0.1, false, 'low')),
      scored(0.95, true, 'low'),
    ];
    const lines = reportSummary(view(cases)).join('\n');
    expect(lines).toContain('  high           2,500  2,499  > 99.9%');
    expect(lines).toContain('  low            2,500      1  < 0.1%');
    expect(lines).toMatch(/AUC > 0\.999 \(95% 0\.99\d–/);
  });

  // The text listed no insight code; beyond 25 it lists the table's and counts the rest.
  it('lists the insight codes the table keeps, then the line on those it leaves out', () => {
    const cases = Array.from({ length: 3000 }, (_, i) => ({
      ...scored((i % 100) / 100, i % 5 === 0),
      insights: [`DEV${String(i % 30).padStart(2, '0')}`, `RARE${String(i)}`],
    }));
    const lines = reportSummary({ ...view(cases), ...withTopCodes(view(cases)) });
    expect(lines).toContain('  Insight code    rows  fraud  fraud rate    lift');
    expect(lines).toContain('  DEV00            100    100  100.0%      5.000');
    expect(lines.filter((line) => /^ {2}DEV\d\d /u.test(line))).toHaveLength(codeLimit);
    expect(lines).toContain(
      '  3,005 more insight codes are not shown (3,000 of them are on fewer than 30 labelled rows). The table lists the codes on the most labelled rows, up to 25, each on 30 or more. Every code: dcdesk report --json, or --all-codes with its text or --html page.',
    );
  });
});
