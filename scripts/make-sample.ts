// Builds the sample spreadsheet a fresh install offers on the import screen:
// `npx tsx scripts/make-sample.ts` writes resources/sample/sample-transactions.xlsx from the
// seeded rows of sample-rows.ts, with the same xlsx writer the app's exports use.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { toXlsx } from '../shared/spreadsheet/write';
import { sampleFile, sampleHeader, sampleRows, sampleSheet } from './sample-rows';

const target = path.join('resources', sampleFile);
mkdirSync(path.dirname(target), { recursive: true });
const rows = sampleRows();
writeFileSync(target, toXlsx(sampleSheet, sampleHeader, rows));
console.log(`Wrote ${target}: ${String(rows.length)} rows.`);
