import type { ExportedFile, ResultFilter } from '../../../shared/contract/results';
import { fail, ok, type Result } from '../../../shared/result';
import { toXlsx, type OutValue } from '../../../shared/spreadsheet';
import { encodeTable, reimportCells, reimportColumns } from '../bulk/output';
import type { CoreContext, HandlerGroup } from '../context';
import { exportStyle } from '../results-export/export-style';
import { exportCells, exportHeader, resultsCsvChunks } from '../results-export/results-table';
import { batchesRepo, type BatchRecord } from '../store/batches.repo';
import { exportRepo } from '../store/export.repo';
import { resultsRepo } from '../store/results.repo';
import { searchRepo } from '../store/search.repo';
import { fromStore } from './from-store';

type Names =
  | 'results.page'
  | 'results.aggregates'
  | 'results.detail'
  | 'results.export'
  | 'results.exportFailed'
  | 'history.search'
  | 'devices.get';

type Format = 'csv' | 'xlsx';

const mimeTypes: Record<Format, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** `C:\in\pedidos.xlsx` → `pedidos`: a name to build file names on, safe on every OS. */
export function fileStem(sourceName: string): string {
  const base = sourceName.split(/[\\/]/).pop() ?? '';
  const stem = base.includes('.') ? base.slice(0, base.lastIndexOf('.')) : base;
  return stem.replace(/[<>:"|?*\p{Cc}]/gu, '_').trim() || 'batch';
}

/** The results screen, its exports, the history search and the device view. */
export function resultHandlers({
  db,
  settings,
  info,
}: Pick<CoreContext, 'db' | 'settings'> & {
  info: Pick<CoreContext['info'], 'locale'>;
}): HandlerGroup<Names> {
  const batches = batchesRepo(db);
  const results = resultsRepo(db);
  const exports = exportRepo(db);
  const history = searchRepo(db);

  function withBatch<T>(batchId: string, read: (batch: BatchRecord) => T): Promise<Result<T>> {
    return fromStore(() => {
      const batch = batches.get(batchId);
      return batch ? ok(read(batch)) : fail('validation', `There is no batch ${batchId}.`);
    });
  }

  function file(
    batch: BatchRecord,
    kind: 'results' | 'failed',
    format: Format,
    bytes: Uint8Array,
    rows: number,
  ): ExportedFile {
    return {
      fileName: `${fileStem(batch.sourceName)}-${kind}.${format}`,
      mimeType: mimeTypes[format],
      base64: Buffer.from(bytes).toString('base64'),
      rows,
    };
  }

  /**
   * The filtered results in the analyst's language and separator (see `exportStyle`); the CSV is
   * built a row at a time, never as a table of cells.
   */
  function resultsFile(batch: BatchRecord, filter: ResultFilter, format: Format): ExportedFile {
    const style = exportStyle(settings(), info.locale);
    let count = 0;
    const rows = (function* counted() {
      for (const row of exports.rows(batch.id, filter)) {
        count += 1;
        yield row;
      }
    })();
    if (format === 'xlsx') {
      const body: OutValue[][] = [];
      for (const row of rows) body.push(exportCells(row, style));
      return file(batch, 'results', format, toXlsx('Results', exportHeader(style), body), count);
    }
    const bytes = Buffer.concat(
      Array.from(resultsCsvChunks(rows, style), (chunk) => Buffer.from(chunk, 'utf8')),
    );
    return file(batch, 'results', format, bytes, count);
  }

  return {
    'results.page': (query) => withBatch(query.batchId, () => results.page(query)),
    'results.aggregates': ({ batchId, filter }) =>
      withBatch(batchId, () => results.aggregates(batchId, filter)),
    'results.detail': ({ batchId, seq }) =>
      fromStore(() => {
        const detail = results.detail(batchId, seq);
        return detail
          ? ok(detail)
          : fail('validation', `There is no row ${seq} in batch ${batchId}.`);
      }),
    'results.export': ({ batchId, filter, format }) =>
      withBatch(batchId, (batch) => resultsFile(batch, filter, format)),
    'results.exportFailed': ({ batchId, format }) =>
      withBatch(batchId, (batch) => {
        const body = [...exports.failedRequests(batchId)].map(reimportCells);
        const bytes = encodeTable(format, 'Failed', reimportColumns, body);
        return file(batch, 'failed', format, bytes, body.length);
      }),
    'history.search': ({ query, limit }) => fromStore(() => ok(history.search(query, limit))),
    'devices.get': ({ deviceId }) => fromStore(() => ok(history.device(deviceId))),
  };
}
