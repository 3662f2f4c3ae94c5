import type { Writable } from 'node:stream';
import { safeSheetName } from '../../../shared/spreadsheet';
import type { CutMarkLanguage } from '../../../shared/spreadsheet/cell-limit';
import {
  columnWidths,
  fittedRow,
  rowXml,
  sheetEnd,
  sheetStart,
  type SheetValue,
} from './sheet-xml';
import {
  contentTypes,
  rootRelationships,
  sheetPath,
  styles,
  workbook,
  workbookRelationships,
} from './workbook-parts';
import { zipWriter } from './zip-writer';

/**
 * An xlsx workbook written as a stream: rows are read one at a time from `rows` (a SQLite
 * iterator, say) and leave as deflated XML, so a million rows take no more memory than a hundred.
 * The cells are those of `toXlsx` (text cells keep every value exactly, numbers stay numbers, no
 * formula is ever written); only the column widths are fitted to the first rows, not to all.
 *
 * A cell holds 32,767 characters: a longer text is cut where a list item ends, with a mark that
 * sends the reader to the CSV export, and the cells so cut are counted (`cutCells`) for the
 * analyst to be told.
 *
 * A sheet holds 1,048,576 rows, its header included. A longer table continues on a second sheet,
 * "Results (2)", under the same header, so a full sheet's worth of data rows plus the header
 * still opens in Excel whole.
 */

export interface SheetLimits {
  /** Rows per sheet, the header included: Excel's 1,048,576. */
  rows: number;
  /**
   * Characters of XML per sheet. Readers that hold a sheet's XML as one JavaScript string, SheetJS
   * (this app's own import) among them, cannot read a part longer than V8's longest string
   * (2^29 − 24 characters) and silently drop it; a sheet stops well before.
   */
  characters: number;
}

export const excelSheetLimits: SheetLimits = { rows: 1_048_576, characters: 500_000_000 };

/** Rows read ahead to fit the column widths. */
const widthSample = 1000;
/** Characters of XML gathered before they go to the compressor. */
const pieceSize = 64 * 1024;

type Rows = Iterable<readonly SheetValue[]> | AsyncIterable<readonly SheetValue[]>;

async function* allOf(rows: Rows): AsyncGenerator<readonly SheetValue[]> {
  for await (const row of rows) yield row;
}

/** The name of the n-th sheet (from 0), within Excel's 31 characters. */
function nthName(base: string, index: number): string {
  if (index === 0) return base;
  const suffix = ` (${String(index + 1)})`;
  return base.slice(0, 31 - suffix.length) + suffix;
}

export async function writeXlsx(
  out: Writable,
  table: {
    sheetName: string;
    header: readonly string[];
    rows: Rows;
    /** How date cells show (an Excel number format); ISO-like when not given. */
    dateFormat?: string;
    /** The language of the mark that ends a cut cell; English when not given. */
    language?: CutMarkLanguage;
  },
  limits: SheetLimits = excelSheetLimits,
): Promise<{ rows: number; sheets: number; cutCells: number }> {
  const source = allOf(table.rows);
  const sample: (readonly SheetValue[])[] = [];
  let next = await source.next();
  while (!next.done && sample.length < widthSample) {
    sample.push(next.value);
    next = await source.next();
  }
  const widths = columnWidths([table.header, ...sample]);
  // The sample is written first, then the rest of the source.
  let sampled = 0;
  const take = async (): Promise<readonly SheetValue[] | null> => {
    if (sampled < sample.length) return sample[sampled++] ?? null;
    if (next.done) return null;
    const row = next.value;
    next = await source.next();
    return row;
  };
  const more = () => sampled < sample.length || !next.done;

  const zip = zipWriter(out);
  const base = safeSheetName(table.sheetName);
  let sheets = 0;
  let total = 0;
  let cutCells = 0;
  do {
    const index = sheets;
    sheets += 1;
    await zip.part(
      sheetPath(index),
      (async function* () {
        let piece = sheetStart(widths) + rowXml(table.header);
        let rowNumber = 1;
        let characters = 0;
        while (rowNumber < limits.rows && characters + piece.length < limits.characters) {
          const row = await take();
          if (row === null) break;
          rowNumber += 1;
          total += 1;
          const fitted = fittedRow(row, table.language);
          cutCells += fitted.cut;
          piece += rowXml(fitted.values);
          if (piece.length >= pieceSize) {
            characters += piece.length;
            yield piece;
            piece = '';
          }
        }
        yield piece + sheetEnd;
      })(),
    );
  } while (more());

  const names = Array.from({ length: sheets }, (_, index) => nthName(base, index));
  await zip.part('[Content_Types].xml', [contentTypes(sheets)]);
  await zip.part('_rels/.rels', [rootRelationships]);
  await zip.part('xl/workbook.xml', [workbook(names)]);
  await zip.part('xl/_rels/workbook.xml.rels', [workbookRelationships(sheets)]);
  await zip.part('xl/styles.xml', [styles(table.dateFormat ?? 'yyyy-mm-dd hh:mm:ss')]);
  await zip.finish();
  return { rows: total, sheets, cutCells };
}
