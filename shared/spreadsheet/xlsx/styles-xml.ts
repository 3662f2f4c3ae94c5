/**
 * What each cell style's number format means for reading, from the styles part: a cell's `s` is an
 * index into `cellXfs`, whose `numFmtId` is either one of Excel's built-in formats or one the
 * workbook defines in `numFmts`. Whether it is a date is SheetJS's own test (`is_date`), so both
 * readers agree; whether it pads with zeros is `paddedFormat`'s, which the SheetJS read asks too.
 * Both are decided here once per style, so a cell pays one array lookup for them.
 */
import * as XLSX from 'xlsx';
import { paddedFormat, type PaddedFormat } from '../number-format';
import { contentOf, tagsNamed, tagsOf, unescapeXml } from './xml-text';

const ssf = XLSX.SSF as { is_date(format: string): boolean };

/**
 * Excel's built-in date and time formats, 14-22 and 45-47, as SheetJS knows them. (27-36 and
 * 50-58 are dates only in East Asian locales; SheetJS reads them as numbers, and so does this.)
 */
function isBuiltInDate(id: number): boolean {
  return (id >= 14 && id <= 22) || (id >= 45 && id <= 47);
}

/**
 * How a style shows numbers: as a date (`date` is then its format's code, or Excel's built-in
 * number for it, so the reader can say what Excel shows), padded with zeros (`000000000`), or as
 * plain digits.
 */
export interface StyleFormat {
  date: string | number | false;
  padded: PaddedFormat | null;
}

const plain: StyleFormat = { date: false, padded: null };

/**
 * For each style index, how its numbers read. Excel's built-in formats pad nothing (format 1 is a
 * lone `0`), so only a workbook's own can.
 */
export function styleFormats(xml: string): StyleFormat[] {
  const custom = new Map<number, StyleFormat>();
  for (const format of tagsNamed(between(xml, 'numFmts'), 'numFmt')) {
    const code = unescapeXml(format.get('formatCode') ?? '');
    const date = ssf.is_date(code) ? code : false;
    custom.set(Number(format.get('numFmtId')), {
      date,
      padded: date === false ? paddedFormat(code) : null,
    });
  }
  return tagsNamed(between(xml, 'cellXfs'), 'xf').map((xf) => {
    const id = Number(xf.get('numFmtId') ?? '0');
    return custom.get(id) ?? (isBuiltInDate(id) ? { date: id, padded: null } : plain);
  });
}

/** The content of the first `local` element (any prefix), or '' when there is none. */
function between(xml: string, local: string): string {
  const tag = tagsOf(xml, local).at(0);
  return tag === undefined ? '' : (contentOf(xml, tag) ?? '');
}
