import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import type { Bench, BenchResult } from './bench-result';
import { benchBulk, benchBulkMemory } from './bulk.bench';
import { benchCliMillion } from './cli-million.bench';
import { benchExportMillion } from './export-million.bench';
import { benchImportInBrowser } from './import-browser.bench';
import { benchImport, benchImportMemory, bigWorkbook } from './import.bench';
import { benchReport } from './report.bench';
import { benchReportCodes } from './report-codes.bench';
import { benchResultsInBrowser } from './results-browser.bench';
import { benchResultsMillion } from './results-million.bench';
import { benchReviewInBrowser } from './review-browser.bench';
import { benchReviewMillion } from './review-million.bench';
import { benchTeam } from './team.bench';

/**
 * `npm run bench [-- NAME...]`: measures the speed and memory targets of the issues on this
 * machine and prints them with their targets; with names, only the benches whose name contains
 * one of them. Writes every figure to tests/bench/results/bench-results.json as well. Exits 1
 * when a target is missed.
 */
// Rows of the xlsx benches (d) and (e); DCDESK_BENCH_XLSX_ROWS sets another count (1048575 for a
// full sheet, which the streaming writer builds: SheetJS's own writer runs out of memory there).
const xlsxRows = Number(process.env.DCDESK_BENCH_XLSX_ROWS ?? 100_000);
let workbook: Promise<Uint8Array> | null = null;
const sharedWorkbook = () => (workbook ??= bigWorkbook(xlsxRows));

const benches: Bench[] = [
  { name: 'bulk', run: benchBulk },
  { name: 'memory', run: benchBulkMemory },
  { name: 'cli-million', run: benchCliMillion },
  {
    name: 'import',
    run: async () => {
      const bytes = await sharedWorkbook();
      return [benchImport(bytes, xlsxRows), benchImportMemory(bytes, xlsxRows)];
    },
  },
  {
    name: 'import-browser',
    run: async () => benchImportInBrowser(await sharedWorkbook(), xlsxRows),
  },
  { name: 'results-browser', run: benchResultsInBrowser },
  { name: 'results-million', run: benchResultsMillion },
  { name: 'export-million', run: benchExportMillion },
  { name: 'review-million', run: benchReviewMillion },
  { name: 'review-million-browser', run: benchReviewInBrowser },
  { name: 'report', run: async () => [await benchReport()] },
  { name: 'report-codes', run: benchReportCodes },
  { name: 'team', run: benchTeam },
];

const wanted = process.argv.slice(2);
const chosen = benches.filter(
  (bench) => wanted.length === 0 || wanted.some((name) => bench.name.includes(name)),
);
if (chosen.length === 0) {
  console.error(
    `No bench is called ${wanted.join(' or ')}; the benches are: ${benches.map((bench) => bench.name).join(', ')}.`,
  );
  process.exit(2);
}

const results: BenchResult[] = [];
for (const bench of chosen) results.push(...(await bench.run()));

const machine = {
  cores: cpus().length,
  cpu: cpus()[0]?.model ?? 'unknown',
  node: process.version,
  date: new Date().toISOString(),
  loadAverage: loadavg(),
};
const width = Math.max(...results.map((result) => result.name.length));
console.log(
  `\nDevice Check Desk benchmarks (${machine.date}, Node ${machine.node}, ${String(machine.cores)} × ${machine.cpu})`,
);
console.log('Each figure: median of 3 runs (min-max).\n');
for (const result of results) {
  console.log(
    `${result.met ? 'ok  ' : 'MISS'}  ${result.name.padEnd(width)}  ${result.value}  (target ${result.target})`,
  );
}
const folder = new URL('./results/', import.meta.url);
mkdirSync(folder, { recursive: true });
const file = new URL('bench-results.json', folder);
writeFileSync(
  file,
  `${JSON.stringify({ machine, benches: chosen.map((b) => b.name), results }, null, 2)}\n`,
);
console.log(`\nWritten to ${file.pathname}`);
process.exitCode = results.every((result) => result.met) ? 0 : 1;
