import type { CoreContext, HandlerGroup } from '../context';
import { reportFile, type PdfPrinter } from '../report/report-file';
import { reportService } from '../report/report-service';
import { fromStore } from './from-store';

/** The score report of a batch or of a destination's history, on screen or as a file. */
export function reportHandlers(
  context: Pick<CoreContext, 'db' | 'settings'>,
  printPdf?: PdfPrinter,
): HandlerGroup<'report.get' | 'report.export'> {
  const reports = reportService(context.db);
  return {
    'report.get': (query) =>
      fromStore(() => reports.view(query, context.settings().activeEnvironment)),
    'report.export': async ({ format, locale, ...query }) => {
      const view = await fromStore(() => reports.view(query, context.settings().activeEnvironment));
      if (!view.ok) return view;
      return reportFile(view.value, { format, locale, now: new Date(), printPdf });
    },
  };
}
