/**
 * Which cell styles show a number as a date or a time, from the styles part: a cell's `s` is an
 * index into `cellXfs`, whose `numFmtId` is either one of Excel's built-in formats or one the
 * workbook defines in `numFmts`. The test is SheetJS's own (`is_date`), so both readers agree.
 */
import * as XLSX from 'xlsx';
import { contentOf, tagsNamed, tagsOf, unescapeXml } from './xml-text';

const ssf = XLSX.SSF as { is_date(format: string): boolean };

/**
 * Excel's built-in date and time formats, 14-22 and 45-47, as SheetJS knows them. (27-36 and
 * 50-58 are dates only in East Asian locales; SheetJS reads them as numbers, and so does this.)
 */
function isBuiltInDate(id: number): boolean {
  return (id >= 14 && id <= 22) || (id >= 45 && id <= 47);
}

/** For each style index, whether its numbers are dates. */
export function dateStyles(xml: string): boolean[] {
  const custom = new Map<number, string>();
  for (const format of tagsNamed(between(xml, 'numFmts'), 'numFmt')) {
    custom.set(Number(format.get('numFmtId')), unescapeXml(format.get('formatCode') ?? ''));
  }
  return tagsNamed(between(xml, 'cellXfs'), 'xf').map((xf) => {
    const id = Number(xf.get('numFmtId') ?? '0');
    const code = custom.get(id);
    return code !== undefined ? ssf.is_date(code) : isBuiltInDate(id);
  });
}

/** The content of the first `local` element (any prefix), or '' when there is none. */
function between(xml: string, local: string): string {
  const tag = tagsOf(xml, local).at(0);
  return tag === undefined ? '' : (contentOf(xml, tag) ?? '');
}
