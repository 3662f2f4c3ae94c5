import type { OperationName } from '../../shared/contract/operations';

/**
 * The operations that only read the history (or write a file elsewhere from it). Once the history
 * file is gone from its folder (history-file-watch.ts) these still answer, from the file the core
 * holds open, so the analyst can still export what it has; every other operation is refused, as
 * what it saved would be lost at the next start. A new operation is refused there until it is
 * listed here.
 */
export const historyReads: ReadonlySet<OperationName> = new Set<OperationName>([
  'app.info',
  'app.sample',
  'settings.get',
  'environments.list',
  'history.purgePreview',
  'history.batchDeletion',
  'lookups.countRecent',
  'batches.list',
  'batches.get',
  'results.page',
  'results.aggregates',
  'results.detail',
  'results.export',
  'results.cancelExport',
  'results.exportFailed',
  'history.search',
  'history.searchSummary',
  'devices.get',
  'outcomes.summary',
  'report.get',
  'report.export',
  'uploads.list',
  'uploads.file',
  'team.status',
]);
