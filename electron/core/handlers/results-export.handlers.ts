import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { shortStem } from '../../../shared/file-names';
import type { SavedExport } from '../../../shared/contract/results';
import { messageOf } from '../../../shared/message-of';
import { fail, ok, type Result } from '../../../shared/result';
import { csvRow, type OutValue } from '../../../shared/spreadsheet';
import { reimportCells, reimportColumns } from '../bulk/output';
import type { CoreContext, HandlerGroup } from '../context';
import { fileFailureText } from '../local-failure';
import { exportWords } from '../results-export/export-labels';
import { exportStyle } from '../results-export/export-style';
import type { ExportTargets } from '../results-export/export-target';
import {
  exportCells,
  exportDateFormat,
  exportHeader,
  resultsCsvChunks,
} from '../results-export/results-table';
import { batchesRepo, noBatch, refuseDeleting, type BatchRecord } from '../store/batches.repo';
import { exportRepo } from '../store/export.repo';
import { streamAtomically } from '../write-atomically';
import { writeXlsx } from '../xlsx-writer/xlsx-writer';

type Names = 'results.export' | 'results.exportFailed' | 'results.cancelExport';
type Format = 'csv' | 'xlsx';
/** What an export wrote: its rows, and its cells cut to fit an XLSX cell (`writeXlsx`). */
type Written = { rows: number; cutCells: number };

/** `C:\in\pedidos.xlsx` → `pedidos`: a name to build file names on, safe on every OS. */
export function fileStem(sourceName: string): string {
  const base = sourceName.split(/[\\/]/).pop() ?? '';
  const stem = base.includes('.') ? base.slice(0, base.lastIndexOf('.')) : base;
  return shortStem(stem.replace(/[<>:"|?*\p{Cc}]/gu, '_').trim()) || 'batch';
}

/** A results export stopped by `results.cancelExport`. */
class ExportCancelled extends Error {}

/** How often an export's progress is told, at most: the window redraws for each. */
const progressEveryMs = 250;

/**
 * An export's progress events: at the start (0 of `total`), then at most every
 * `progressEveryMs` while rows are written (the clock read once per thousand rows), and once all
 * are.
 */
export function exportProgress(
  total: number,
  tell: (done: number) => void,
  // Monotonic: a wall clock set back would hold every progress event for as long.
  now: () => number = () => performance.now(),
) {
  let last = now();
  tell(0);
  return {
    wrote(done: number): void {
      if (done % 1000 !== 0 || now() - last < progressEveryMs) return;
      last = now();
      tell(done);
    },
    finished(done: number): void {
      tell(done);
    },
  };
}

/** Text pieces onto a stream, waiting when it asks to: memory stays flat for any file size. */
async function writePieces(stream: Writable, pieces: Iterable<string>): Promise<void> {
  for (const piece of pieces) if (!stream.write(piece)) await once(stream, 'drain');
}

/** CSV rows in pieces of about 64 KB, with the byte order mark every app CSV has. */
function* csvPieces(header: string[], rows: Iterable<OutValue[]>): Generator<string> {
  let piece = '\ufeff' + csvRow(header);
  for (const row of rows) {
    piece += csvRow(row);
    if (piece.length > 64 * 1024) {
      yield piece;
      piece = '';
    }
  }
  yield piece;
}

/**
 * The results exports: the filtered rows in the analyst's language and separator, and the failed
 * rows as a file to import again. Each is written as a stream from the history to the place the
 * door chose (`targets`), a row at a time, so a million rows cost no more memory than a hundred.
 */
export function resultExportHandlers(
  {
    db,
    settings,
    info,
    emit,
  }: Pick<CoreContext, 'db' | 'settings' | 'emit'> & {
    info: Pick<CoreContext['info'], 'locale'>;
  },
  targets: ExportTargets,
): HandlerGroup<Names> {
  const batches = batchesRepo(db);
  const exports = exportRepo(db);
  /** The exports under way that a window named, to cancel them by name. */
  const running = new Map<string, { cancelled: boolean }>();

  async function save(
    batchId: string,
    kind: 'results' | 'failed',
    format: Format,
    /**
     * The rows written, and the cells cut to fit an XLSX cell; throws ExportCancelled when
     * cancelled, so no file is left.
     */
    write: (batch: BatchRecord, stream: Writable) => Promise<Written>,
  ): Promise<Result<SavedExport>> {
    const batch = batches.get(batchId);
    if (!batch) return noBatch(batchId);
    const deleting = refuseDeleting(batch);
    if (deleting) return deleting;
    const fileName = `${fileStem(batch.sourceName)}-${kind}.${format}`;
    const target = await targets(fileName, format);
    if (target.kind === 'cancelled') return ok({ outcome: 'cancelled', fileName });
    try {
      const { rows, cutCells } = await streamAtomically(target.path, (stream) =>
        write(batch, stream),
      );
      return ok(
        target.kind === 'download'
          ? { outcome: 'download', fileName, rows, cutCells, url: target.url }
          : { outcome: 'saved', fileName, rows, cutCells, path: target.path },
      );
    } catch (caught) {
      // streamAtomically has removed the partial file.
      if (caught instanceof ExportCancelled) return ok({ outcome: 'cancelled', fileName });
      return fail(
        'file',
        fileFailureText(caught, target.path, 'export again') ??
          `Cannot write ${target.path}: ${messageOf(caught)}`,
      );
    }
  }

  return {
    'results.export': async ({ batchId, filter, sort, direction, format, exportId }) => {
      const state = { cancelled: false };
      if (exportId !== undefined) running.set(exportId, state);
      try {
        return await save(batchId, 'results', format, async (batch, stream) => {
          const style = exportStyle(settings(), info.locale);
          const total = exports.count(batch.id, filter);
          const progress = exportProgress(total, (done) => {
            if (exportId !== undefined)
              emit('main:results.exportProgress', { exportId, done, total: Math.max(total, done) });
          });
          let count = 0;
          const rows = (function* counted() {
            for (const row of exports.rows(batch.id, filter, sort, direction)) {
              // Checked between rows: the writers wait for the disk between pieces, and the
              // cancel is heard then.
              if (state.cancelled) throw new ExportCancelled();
              count += 1;
              progress.wrote(count);
              yield row;
            }
          })();
          let cutCells = 0;
          if (format === 'xlsx') {
            const cells = (function* () {
              for (const row of rows) yield exportCells(row, style);
            })();
            ({ cutCells } = await writeXlsx(stream, {
              sheetName: exportWords[style.language].sheets.results,
              header: exportHeader(style),
              rows: cells,
              dateFormat: exportDateFormat(style.language),
              language: style.language,
            }));
          } else await writePieces(stream, resultsCsvChunks(rows, style));
          progress.finished(count);
          return { rows: count, cutCells };
        });
      } finally {
        if (exportId !== undefined && running.get(exportId) === state) running.delete(exportId);
      }
    },
    'results.cancelExport': ({ exportId }) => {
      const state = running.get(exportId);
      if (state) state.cancelled = true;
      return Promise.resolve(ok({ cancelled: state !== undefined }));
    },
    'results.exportFailed': ({ batchId, format }) =>
      save(batchId, 'failed', format, async (batch, stream) => {
        let count = 0;
        const rows = (function* () {
          for (const request of exports.failedRequests(batch.id)) {
            count += 1;
            yield reimportCells(request);
          }
        })();
        // The headers stay the field names the import maps on its own; the sheet is named in
        // the analyst's language, as the results sheet is.
        const { language } = exportStyle(settings(), info.locale);
        const sheetName = exportWords[language].sheets.failed;
        let cutCells = 0;
        if (format === 'xlsx')
          ({ cutCells } = await writeXlsx(stream, {
            sheetName,
            header: reimportColumns,
            rows,
            language,
          }));
        else await writePieces(stream, csvPieces(reimportColumns, rows));
        return { rows: count, cutCells };
      }),
  };
}
