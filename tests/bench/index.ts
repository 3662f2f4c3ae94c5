import { benchBulk } from './bulk.bench';
import { benchCliMillion } from './cli-million.bench';
import { benchImportInBrowser } from './import-browser.bench';
import { benchImport, bigWorkbook } from './import.bench';
import { benchReport } from './report.bench';
import { benchResultsInBrowser } from './results-browser.bench';
import { benchResultsMillion } from './results-million.bench';

/**
 * `npm run bench`: measures the speed and memory targets of the issues in one run on this machine
 * and prints them with their targets. Exits 1 when a target is missed.
 */
// Rows of the xlsx benches (d) and (e); DCDESK_BENCH_XLSX_ROWS sets another count. Not a full
// sheet (1,048,575) by default: building it with SheetJS's writer ran out of memory here after
// ten minutes ("invalid table size"), so that figure needs a workbook written in pieces first.
const xlsxRows = Number(process.env.DCDESK_BENCH_XLSX_ROWS ?? 100_000);
const workbook = bigWorkbook(xlsxRows);
const results = [
  ...(await benchBulk()),
  ...(await benchCliMillion()),
  benchImport(workbook, xlsxRows),
  ...(await benchImportInBrowser(workbook, xlsxRows)),
  ...(await benchResultsInBrowser()),
  await benchReport(),
  ...(await benchResultsMillion()),
];

const width = Math.max(...results.map((result) => result.name.length));
console.log(
  `\nDevice Check Desk benchmarks (${new Date().toISOString()}, Node ${process.version})\n`,
);
for (const result of results) {
  console.log(
    `${result.met ? 'ok  ' : 'MISS'}  ${result.name.padEnd(width)}  ${result.value}  (target ${result.target})`,
  );
}
process.exitCode = results.every((result) => result.met) ? 0 : 1;
