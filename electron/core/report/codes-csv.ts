import type { CodeRate } from '../../../shared/report/code-limit';
import type { ReportLocale } from '../../../shared/report/report-text';
import { csvRow } from '../../../shared/spreadsheet';

/** The columns, in the file's language: rates as fractions (0.125), so a spreadsheet sums them. */
const heads: Record<ReportLocale, string[]> = {
  'en-US': [
    'Insight code',
    'Rows',
    'Fraud',
    'Fraud rate',
    'Lift',
    'Interval 95% low (Wilson)',
    'Interval 95% high (Wilson)',
  ],
  'pt-BR': [
    'Código de insight',
    'Linhas',
    'Fraudes',
    'Taxa de fraude',
    'Lift',
    'Intervalo 95% inferior (Wilson)',
    'Intervalo 95% superior (Wilson)',
  ],
};

/**
 * Every insight code of a report as CSV, in the table's order (highest lift first), with the
 * numbers the table shows for the codes it keeps: the window's way to see the codes its table
 * leaves out. UTF-8 with a byte order mark and the separator setting, as every CSV the app
 * writes; codes are the service's text, so formula-like ones are neutralised.
 */
export function codesCsv(
  codes: readonly CodeRate[],
  options: { locale: ReportLocale; separator: ',' | ';' },
): string {
  const csv = {
    separator: options.separator,
    decimal: options.separator === ';' ? ',' : '.',
  } as const;
  let text = '\ufeff' + csvRow(heads[options.locale], csv);
  for (const code of codes)
    text += csvRow(
      [
        code.code,
        code.rows,
        code.fraud,
        code.fraudRate,
        code.lift,
        code.interval?.[0] ?? null,
        code.interval?.[1] ?? null,
      ],
      csv,
    );
  return text;
}
