import { benchBulk } from './bulk.bench';
import { benchImportInBrowser } from './import-browser.bench';
import { benchImport, bigWorkbook } from './import.bench';
import { benchResultsInBrowser } from './results-browser.bench';
import { benchResultsMillion } from './results-million.bench';

/**
 * `npm run bench`: measures the speed and memory targets of the issues in one run on this machine
 * and prints them with their targets. Exits 1 when a target is missed.
 */
const workbook = bigWorkbook();
const results = [
  ...(await benchBulk()),
  benchImport(workbook),
  ...(await benchImportInBrowser(workbook)),
  ...(await benchResultsInBrowser()),
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
