import type { ReportFormat, ReportView } from '../../../shared/contract/report';
import type { ExportedFile } from '../../../shared/contract/results';
import { reportHtml } from '../../../shared/report/html';
import type { ReportLocale } from '../../../shared/report/report-text';
import { messageOf } from '../../../shared/message-of';
import { codesCsv } from './codes-csv';
import { localDateStamp, shortStem } from '../../../shared/file-names';
import { fail, ok, type Result } from '../../../shared/result';

/**
 * Prints a self-contained HTML page to PDF. Electron passes one built on `printToPDF`; a door
 * without a printer (the web host, the command line) passes none, and PDF is refused there.
 */
export type PdfPrinter = (html: string) => Promise<Uint8Array>;

/**
 * `report-sandbox-all-2026-11-23.html`: what it covers and the local day (the page's), safe on
 * every OS.
 */
export function reportFileName(view: ReportView, format: ReportFormat, now: Date): string {
  // A custom environment is its address, up to 2,048 characters: the name keeps its start.
  const scope = shortStem(
    `${view.environment}-${view.batch ?? 'all'}`.replace(/[^A-Za-z0-9._-]+/g, '_'),
  );
  return `report-${scope}-${localDateStamp(now)}.${format}`;
}

/**
 * The report as an HTML page, or that page printed to PDF; or every insight code as CSV (`view`
 * then holds every code), with the separator setting.
 */
export async function reportFile(
  view: ReportView,
  options: {
    format: ReportFormat;
    locale: ReportLocale;
    now: Date;
    printPdf?: PdfPrinter;
    separator?: ',' | ';';
  },
): Promise<Result<ExportedFile>> {
  if (options.format === 'csv')
    return ok({
      fileName: reportFileName(view, 'csv', options.now).replace(/^report-/, 'report-codes-'),
      mimeType: 'text/csv',
      base64: Buffer.from(
        codesCsv(view.insightCodes, {
          locale: options.locale,
          separator: options.separator ?? ',',
        }),
        'utf8',
      ).toString('base64'),
      rows: view.insightCodes.length,
    });
  const html = reportHtml(view, {
    environment: view.environment,
    batch: view.batch,
    generatedAt: options.now,
    locale: options.locale,
  });
  const rows = view.labels.positive + view.labels.negative + view.labels.excluded;
  const fileName = reportFileName(view, options.format, options.now);
  if (options.format === 'html')
    return ok({
      fileName,
      mimeType: 'text/html',
      base64: Buffer.from(html, 'utf8').toString('base64'),
      rows,
    });
  if (!options.printPdf)
    return fail(
      'config',
      'This window cannot print to PDF. Use Print… and choose "Save as PDF", or export HTML and print it from a browser.',
    );
  try {
    const pdf = await options.printPdf(html);
    return ok({
      fileName,
      mimeType: 'application/pdf',
      base64: Buffer.from(pdf).toString('base64'),
      rows,
    });
  } catch (caught) {
    return fail(
      'internal',
      `The report could not be printed to PDF: ${messageOf(caught)}. Export HTML instead and print it from a browser.`,
    );
  }
}
