/**
 * What to say when the sheet read has no columns the command needs and the workbook has other
 * sheets: a cover page ("Resumo") often comes first, the rows on a later sheet. The other sheets
 * are read (only on this failure) to find the first whose header is recognised, so the message
 * names it and the `--sheet` that reads it; otherwise it lists them.
 */
import { readSpreadsheet, type Cell } from '../../shared/spreadsheet';
import { shellWord } from './escape-text';

/** Sheets looked at past the one read: a workbook of hundreds is not read hundreds of times. */
const sheetsLookedAt = 20;

export interface SheetHintInput {
  bytes: Uint8Array;
  fileName: string;
  /** The sheets of the workbook, and the one read. */
  sheetNames: readonly string[];
  sheet: string;
  maxRows: number;
  /** Whether a sheet's rows hold the header the command needs. */
  fits: (rows: Cell[][]) => boolean;
  /** What that header holds, for the message: `a transaction id and an outcome column`. */
  columns: string;
}

/**
 * The sentence (with a leading space), or '' when the workbook has no other sheet. Sheet names are
 * as written: the caller's message is escaped for the terminal as a whole when printed.
 */
export function otherSheetHint(input: SheetHintInput): string {
  const others = input.sheetNames.filter((other) => other !== input.sheet);
  if (others.length === 0) return '';
  const here = `This is sheet '${input.sheet}'`;
  const found = others.slice(0, sheetsLookedAt).find((other) => {
    const read = readSpreadsheet(input.bytes, input.fileName, {
      sheet: other,
      limits: { maxRows: input.maxRows },
    });
    return read.ok && input.fits(read.value.rows);
  });
  if (found !== undefined)
    return ` ${here}; sheet '${found}' has ${input.columns}: run again with --sheet ${shellWord(found)}.`;
  const listed = others.map((other) => `'${other}'`).join(', ');
  return ` ${here}; the workbook also has ${listed}: choose one with --sheet NAME.`;
}
