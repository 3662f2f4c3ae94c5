/**
 * `dcdesk report`'s summary for the terminal, apart from the command so it is tested without a
 * history. Its numbers are the exported page's (shared/report/report-text.ts), so a share below
 * 1 reads "> 99.9%" here as there, never "100.0%".
 */
import type { ReportView } from '../../shared/contract/report';
import { exclusionReasons, reportText } from '../../shared/report/report-text';
import { intervalText } from './report-hints';

/** The widest risk level's name: "no risk given". */
const nameWidth = 13;

/**
 * The insight codes the view holds (the table's, or every code with --all-codes), highest lift
 * first, and the line on those it leaves out.
 */
function codeLines(view: ReportView): string[] {
  if (view.insightCodes.length === 0 && view.insightCodesNotShown.codes === 0) return [];
  const words = reportText('en-US');
  const width = Math.max(nameWidth, ...view.insightCodes.map((code) => code.code.length));
  const lines = [`  ${'Insight code'.padEnd(width)}   rows  fraud  fraud rate    lift`];
  for (const code of view.insightCodes)
    lines.push(
      `  ${code.code.padEnd(width)} ${words.count(code.rows).padStart(6)} ${words.count(code.fraud).padStart(6)}  ${(code.fraudRate === null ? '-' : words.percent(code.fraudRate)).padEnd(10)}  ${code.lift === null ? '-' : words.decimal(code.lift)}${code.small ? ' (few rows)' : ''}`,
    );
  const notShown = words.codesNotShown(view);
  if (notShown !== null) lines.push(`  ${notShown}`);
  return lines;
}

export function reportSummary(view: ReportView): string[] {
  const words = reportText('en-US');
  const scope = view.batch === null ? `every batch of ${view.environment}` : `batch ${view.batch}`;
  const { positive, negative, excluded } = view.labels;
  const lines = [
    `Score report of ${scope}`,
    `  labelled: ${words.count(positive)} fraud, ${words.count(negative)} legitimate; left out: ${words.count(excluded)}`,
  ];
  for (const reason of exclusionReasons)
    if (view.excludedBy[reason] > 0)
      lines.push(`    ${words.excluded(reason, view.excludedBy[reason])}`);
  if (view.reviewedEarlier > 0) lines.push(`  ${words.reviewedEarlier(view.reviewedEarlier)}`);
  const statistic = (value: number | null) => (value === null ? '-' : words.decimal(value));
  lines.push(
    `  AUC ${statistic(view.auc)}${view.auc === null ? '' : intervalText(view)}; average precision ${statistic(view.averagePrecision)}`,
  );
  lines.push(`  ${'Risk level'.padEnd(nameWidth)}   rows  fraud  fraud rate`);
  for (const level of view.riskLevels)
    lines.push(
      `  ${words.riskName(level.risk).padEnd(nameWidth)} ${words.count(level.rows).padStart(6)} ${words.count(level.fraud).padStart(6)}  ${level.fraudRate === null ? '-' : words.percent(level.fraudRate)}`,
    );
  lines.push(...codeLines(view));
  lines.push('Use --json for every figure, or --html FILE for the page with the charts.');
  return lines;
}
