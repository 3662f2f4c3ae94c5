import type { CoreContext, HandlerGroup } from '../context';
import { reportService } from '../report/report-service';
import { fromStore } from './from-store';

/** The score report of a batch or of a destination's history. */
export function reportHandlers(
  context: Pick<CoreContext, 'db' | 'settings'>,
): HandlerGroup<'report.get'> {
  const reports = reportService(context.db);
  return {
    'report.get': (query) =>
      fromStore(() => reports.view(query, context.settings().activeEnvironment)),
  };
}
