/**
 * Every query key of the renderer, named by the contract operation whose answer it caches, so a
 * key is spelled once and a refresh says what it refreshes. Each key starts with the operation's
 * group (`['results', batchId, 'page', …]`), so a scope below refreshes a whole group, or one
 * batch's results, by prefix.
 */
import type { OperationName } from '../../../shared/contract/operations';
import type { ResultFilter } from '../../../shared/contract/results';
import type { EnvironmentName } from '../../../shared/environment';

/** The sort of a page of results: one column, either way. */
interface PageSort {
  column: string;
  direction: 'asc' | 'desc';
}

export const queryKeys = {
  'app.info': () => ['app', 'info'] as const,
  'settings.get': () => ['settings', 'get'] as const,
  'environments.list': () => ['environments', 'list'] as const,
  /** `fingerprint` stands for the external IDs asked about (a hash: the list can be long). */
  'lookups.countRecent': (fingerprint: string | null, days: number) =>
    ['lookups', 'countRecent', fingerprint, days] as const,
  'batches.list': () => ['batches', 'list'] as const,
  'batches.get': (batchId: string) => ['batches', 'get', batchId] as const,
  'results.page': (batchId: string, filter: ResultFilter, sort: PageSort, offset: number) =>
    ['results', batchId, 'page', filter, sort, offset] as const,
  'results.aggregates': (batchId: string, filter: ResultFilter) =>
    ['results', batchId, 'aggregates', filter] as const,
  'results.detail': (batchId: string, seq: number) => ['results', batchId, 'detail', seq] as const,
  /** The search screen's list (`page` omitted: its pages shown so far), or one queue page. */
  'history.search': (
    query: string,
    page?: { filter: ResultFilter; sort: PageSort; offset: number },
  ) => ['history', 'search', query, ...(page ? [page] : [])] as const,
  'history.searchSummary': (query: string) => ['history', 'searchSummary', query] as const,
  'devices.get': (deviceId: string | undefined) => ['devices', 'get', deviceId] as const,
  /** `environment` when the screen shows it for one environment (Send outcomes). */
  'outcomes.summary': (batchId: string | null, environment?: EnvironmentName) =>
    ['outcomes', 'summary', batchId ?? 'all', ...(environment ? [environment] : [])] as const,
  /** The file built by the core of one choice (batch, scope, kind, separator, name). */
  'outcomes.buildFile': (request: object, environment: EnvironmentName) =>
    ['outcomes', 'buildFile', request, environment] as const,
  /** `rowsKey` names the mapped rows checked; under outcomes, so any change checks again. */
  'outcomes.importCheck': (rowsKey: string) => ['outcomes', 'importCheck', rowsKey] as const,
  'report.get': (query: object) => ['report', 'get', query] as const,
  'uploads.list': () => ['uploads', 'list'] as const,
  'uploads.check': (sha256: string, fileName: string, environment: EnvironmentName) =>
    ['uploads', 'check', sha256, fileName, environment] as const,
  'team.status': () => ['team', 'status'] as const,
} satisfies { [N in OperationName]?: (...args: never[]) => readonly unknown[] };

/** Prefixes that refresh many keys at once. */
export const queryScopes = {
  /** Every page, aggregate and detail of every batch's results. */
  allResults: ['results'] as const,
  /** Every page, aggregate and detail of one batch's results. */
  results: (batchId: string) => ['results', batchId] as const,
  /** The charts of one batch's results, whatever their filter. */
  aggregates: (batchId: string) => ['results', batchId, 'aggregates'] as const,
  outcomes: ['outcomes'] as const,
  /** The counts of rows looked up recently, which every ended run changes. */
  recentLookups: ['lookups', 'countRecent'] as const,
  uploads: ['uploads'] as const,
  history: ['history'] as const,
  devices: ['devices'] as const,
  /** Every report, whatever it covers: outcomes are its labels. */
  report: ['report'] as const,
};
