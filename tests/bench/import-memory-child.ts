/**
 * One xlsx import (read, map, validate) in a process of its own, as the import worker does it;
 * prints the process's peak resident memory in bytes. Run by import.bench.ts.
 */
import { readFileSync } from 'node:fs';
import { importValidRows } from './import-path';

const valid = importValidRows(new Uint8Array(readFileSync(process.argv[2] ?? '')));
process.stdout.write(JSON.stringify({ valid, peakBytes: process.resourceUsage().maxRSS * 1024 }));
