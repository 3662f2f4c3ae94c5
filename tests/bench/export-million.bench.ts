import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resultExportHandlers } from '../../electron/core/handlers/results-export.handlers';
import { dataFolderTargets } from '../../electron/core/results-export/export-target';
import { openHistory } from '../../electron/core/store/db';
import { defaultSettings } from '../../shared/settings';
import type { BenchResult } from './bench-result';
import { measure3, withSpread, type Measured } from './median';
import { millionRows, storeBigBatch } from './million-batch';

/**
 * The app's export of a whole 1,048,576-row batch (issue 13 part 2), through the same handler
 * the window calls: CSV and XLSX streamed from the history to a file. Memory growth is the
 * highest resident size sampled every 20 ms during the export, less the size before it.
 * `DCDESK_BENCH_MILLION_DIR` reuses a history built before; DCDESK_BENCH_EXPORT_ROWS builds a
 * smaller one.
 */
export async function benchExportMillion(): Promise<BenchResult[]> {
  const kept = process.env.DCDESK_BENCH_MILLION_DIR;
  const rows = Number(process.env.DCDESK_BENCH_EXPORT_ROWS ?? millionRows);
  const dataDir = kept ?? mkdtempSync(path.join(tmpdir(), 'dcdesk-bench-export-'));
  const outDir = mkdtempSync(path.join(tmpdir(), 'dcdesk-bench-export-out-'));
  try {
    if (!kept) await storeBigBatch(dataDir, rows);
    const opened = await openHistory(dataDir);
    if (!opened.ok) throw new Error(opened.error.message);
    const { db } = opened.value;
    try {
      const batchId = db.prepare('SELECT id FROM batches').pluck().get() as string;
      const handlers = resultExportHandlers(
        {
          db,
          settings: () => ({ ...defaultSettings, language: 'pt-BR' }),
          info: { locale: 'pt-BR' },
          emit: () => undefined,
        },
        dataFolderTargets(outDir),
      );
      const results: BenchResult[] = [];
      // Input order (the default), and the CSV sorted as the results table sorts by score, which
      // walks the score's index and reads each row where it lies.
      const cases = [
        { format: 'csv', label: 'csv' },
        { format: 'xlsx', label: 'xlsx' },
        { format: 'csv', label: 'csv-score', sort: 'score', direction: 'desc' },
      ] as const;
      for (const { label, ...asked } of cases) {
        const format = asked.format;
        let growth = 0;
        let size = 0;
        const seconds: Measured = await measure3(async () => {
          global.gc?.();
          const before = process.memoryUsage().rss;
          let peak = before;
          const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
          const started = performance.now();
          const saved = await handlers['results.export']({ batchId, filter: {}, ...asked });
          const elapsed = (performance.now() - started) / 1000;
          clearInterval(sampler);
          peak = Math.max(peak, process.memoryUsage().rss);
          if (!saved.ok || saved.value.outcome !== 'saved') throw new Error('The export failed.');
          growth = Math.max(growth, (peak - before) / 2 ** 20);
          size = statSync(saved.value.path).size;
          return elapsed;
        });
        results.push({
          name: `(x-${label}) ${format.toUpperCase()} export of ${rows.toLocaleString('en')} rows${'sort' in asked ? ', sorted by score' : ''} through the app's handler: memory growth, time`,
          value: `${growth.toFixed(0)} MB (largest of 3), ${withSpread(seconds, 1)} s, ${(size / 2 ** 20).toFixed(0)} MB file`,
          target: '≤ 500 MB, streamed',
          met: growth <= 500,
          figures: { seconds },
        });
      }
      return results;
    } finally {
      db.close();
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
    if (!kept) rmSync(dataDir, { recursive: true, force: true });
  }
}
