import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exportStyle } from '../../electron/core/results-export/export-style';
import { resultsCsvChunks } from '../../electron/core/results-export/results-table';
import { openHistory } from '../../electron/core/store/db';
import { exportRepo } from '../../electron/core/store/export.repo';
import { resultsRepo } from '../../electron/core/store/results.repo';
import { searchRepo } from '../../electron/core/store/search.repo';
import { defaultSettings } from '../../shared/settings';
import type { BenchResult } from './import.bench';
import { millionRows, storeBigBatch } from './million-batch';

/** The median of three runs of `work` and the spread (max - min), in ms. */
async function medianOf3(work: () => unknown): Promise<{ median: number; spread: number }> {
  const times: number[] = [];
  for (let run = 0; run < 3; run += 1) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: times[1] ?? 0, spread: (times[2] ?? 0) - (times[0] ?? 0) };
}

const ms = ({ median, spread }: { median: number; spread: number }) =>
  `${median.toFixed(0)} ms (± ${spread.toFixed(0)})`;

/**
 * The results side of a 1,048,576-row batch through the core's repositories (issue 13 part 2):
 * opening (first page and its count), a sort change, a filter change, the charts, and a CSV export
 * streamed to a file with the heap growth it costs. `DCDESK_BENCH_MILLION_DIR` reuses a history
 * built before (building one takes minutes here).
 */
export async function benchResultsMillion(): Promise<BenchResult[]> {
  const kept = process.env.DCDESK_BENCH_MILLION_DIR;
  const dataDir = kept ?? mkdtempSync(path.join(tmpdir(), 'dcdesk-bench-million-'));
  try {
    if (!kept) await storeBigBatch(dataDir);
    const opened = await openHistory(dataDir);
    if (!opened.ok) throw new Error(opened.error.message);
    const { db } = opened.value;
    try {
      const batchId = db.prepare('SELECT id FROM batches').pluck().get() as string;
      const repo = resultsRepo(db);
      // A repository per page: each run counts afresh, as after a change (counts are kept).
      const page = (filter: object, sort: 'row' | 'score', offset = 0) =>
        resultsRepo(db).page({ batchId, filter, sort, direction: 'asc', offset, limit: 100 });
      const open = await medianOf3(() => page({}, 'row'));
      const sort = await medianOf3(() => page({}, 'score'));
      const filter = await medianOf3(() => page({ risks: ['high'] }, 'row'));
      const charts = await medianOf3(() => repo.aggregates(batchId, {}));
      const chartsFiltered = await medianOf3(() => repo.aggregates(batchId, { risks: ['high'] }));
      // The history search by a row's CPF (its digits: the CPF index is read for cells typed
      // oddly too) and by its transaction ID, each a page and the outcome summary beside it.
      const middle = db
        .prepare<[number], { id: string; cpf: string }>(
          'SELECT external_id AS id, cpf FROM batch_rows WHERE seq = ?',
        )
        .get(Math.floor(millionRows / 2));
      const search = searchRepo(db);
      const found = (query: string) => () => {
        search.page(query, { limit: 100 });
        search.summary(query);
      };
      const byCpf = await medianOf3(found(middle?.cpf ?? ''));
      const byId = await medianOf3(found(middle?.id ?? ''));

      const out = path.join(mkdtempSync(path.join(tmpdir(), 'dcdesk-bench-csv-')), 'r.csv');
      global.gc?.();
      const before = process.memoryUsage().rss;
      let peak = before;
      const started = performance.now();
      const stream = createWriteStream(out);
      const style = exportStyle({ ...defaultSettings, language: 'pt-BR' }, 'pt-BR');
      for (const chunk of resultsCsvChunks(exportRepo(db).rows(batchId, {}), style)) {
        if (!stream.write(chunk)) await once(stream, 'drain');
        peak = Math.max(peak, process.memoryUsage().rss);
      }
      stream.end();
      await once(stream, 'finish');
      const csvMs = performance.now() - started;
      const growthMb = (peak - before) / 2 ** 20;
      rmSync(path.dirname(out), { recursive: true, force: true });

      const rows = millionRows.toLocaleString('en');
      return [
        {
          name: `(r1) results of ${rows} rows: first page and count (open)`,
          value: ms(open),
          target: '≤ 1000 ms',
          met: open.median <= 1000,
        },
        {
          name: `(r2) results of ${rows} rows: sort change / filter change`,
          value: `${ms(sort)} / ${ms(filter)}`,
          target: '≤ 1000 ms',
          met: sort.median <= 1000 && filter.median <= 1000,
        },
        {
          name: `(r3) charts of ${rows} rows: unfiltered / high risk only`,
          value: `${ms(charts)} / ${ms(chartsFiltered)}`,
          target: '≤ 1000 ms',
          met: charts.median <= 1000 && chartsFiltered.median <= 1000,
        },
        {
          name: `(r4) CSV export of ${rows} rows streamed to a file: memory growth (RSS)`,
          value: `${growthMb.toFixed(0)} MB in ${(csvMs / 1000).toFixed(1)} s`,
          target: '≤ 500 MB',
          met: growthMb <= 500,
        },
        {
          name: `(r5) history search across ${rows} rows, page and outcome summary: by CPF / by transaction ID`,
          value: `${ms(byCpf)} / ${ms(byId)}`,
          target: '≤ 1000 ms',
          met: byCpf.median <= 1000 && byId.median <= 1000,
        },
      ];
    } finally {
      db.close();
    }
  } finally {
    if (!kept) rmSync(dataDir, { recursive: true, force: true });
  }
}
