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
  lines.push('Use --json for every figure, or --html FILE for the page with the charts.');
  return lines;
}
