import { withTopCodes } from '../../../shared/report/code-limit';
import { fail, ok } from '../../../shared/result';
import type { CoreContext, HandlerGroup } from '../context';
import { figuresIdOf } from '../report/report-figures';
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
      fromStore(() => {
        const view = reports.view(query, context.settings().activeEnvironment);
        return view.ok ? ok({ ...view.value, figuresId: figuresIdOf(view.value) }) : view;
      }),
    'report.export': async ({ format, locale, figuresId, ...query }) => {
      const settings = context.settings();
      // The CSV is every code; the screen showed the codes `withTopCodes` keeps of them.
      const allCodes = format === 'csv';
      const view = await fromStore(() =>
        reports.view({ ...query, allCodes }, settings.activeEnvironment),
      );
      if (!view.ok) return view;
      const shown = allCodes ? withTopCodes(view.value) : view.value;
      // Worked out again, it may differ from the screen (outcomes set meanwhile, anywhere): the
      // file would hold figures the analyst never saw. The window shows the new ones instead.
      if (figuresIdOf(shown) !== figuresId)
        return fail(
          'stale',
          'The report’s figures changed since the screen showed them (outcomes were set or rows deleted); nothing was saved. Look at the new figures and save again.',
        );
      return reportFile(view.value, {
        format,
        locale,
        now: new Date(),
        printPdf,
        separator: settings.responseSeparator,
      });
    },
  };
}
