import type { SourceRow } from '../spreadsheet/transactions';

/**
 * Source rows as JSON lines, one row per line, the form `batches.create` takes from the import
 * screen (JSON escapes every line feed inside a value, so a line is always one row). On its own,
 * without the schemas of source-rows.ts: the import worker writes the lines and needs no zod
 * (60 kB of the worker's script, which must stay under 500 kB).
 */
export function rowLines(rows: readonly SourceRow[]): string {
  return rows.map((row) => JSON.stringify(row)).join('\n');
}
