/**
 * Excel's limit on one cell, and what an XLSX export writes in a longer one. A CSV field has no
 * limit, so the CSV export of the same rows holds everything; an XLSX cell past the limit would
 * make Excel refuse to open the file, so it is cut, visibly.
 */

/** Excel's cap on one cell, in UTF-16 units as JavaScript counts them. */
export const excelCellChars = 32_767;

/** The languages a cut cell's mark is written in, as the results files have them. */
export type CutMarkLanguage = 'en' | 'pt-BR';

/** What ends a cut cell: how many list items, or characters, it leaves out, and where they are. */
const marks: Record<CutMarkLanguage, (more: number, unit: 'items' | 'characters') => string> = {
  en: (more, unit) =>
    ` … (${String(more)} more${unit === 'characters' ? ' characters' : ''}, see the CSV export)`,
  'pt-BR': (more, unit) =>
    ` … (mais ${String(more)}${unit === 'characters' ? ' caracteres' : ''}, veja a exportação em CSV)`,
};

/** Between two items of a list cell (`listCell`): a `|` inside an item is written `\|`. */
const itemSeparator = ' | ';

/** The start of the last item boundary at or before `end`, or -1 when there is none. */
function boundaryBefore(text: string, end: number): number {
  return end < itemSeparator.length ? -1 : text.lastIndexOf(itemSeparator, end);
}

/** How many item boundaries the text holds from `from` on. */
function boundariesFrom(text: string, from: number): number {
  let count = 0;
  for (
    let at = text.indexOf(itemSeparator, from);
    at >= 0;
    at = text.indexOf(itemSeparator, at + 1)
  )
    count += 1;
  return count;
}

/** `end`, or one less where it would split a surrogate pair. */
function whole(text: string, end: number): number {
  return /[\uD800-\uDBFF]/.test(text.charAt(end - 1)) ? end - 1 : end;
}

/**
 * The text of an XLSX cell: as it is when it fits Excel's limit; otherwise cut where a list item
 * ends (items apart with ` | `, as `listCell` writes them), so no device or message is left in
 * half, and marked ` … (12 more, see the CSV export)`. A first item too long alone is cut at a
 * character, never inside a surrogate pair, and the mark counts the characters left out.
 */
export function fitExcelCell(
  text: string,
  language: CutMarkLanguage = 'en',
): { text: string; cut: boolean } {
  if (text.length <= excelCellChars) return { text, cut: false };
  const mark = marks[language];
  // The longest mark this text could need: its count is at most its length.
  const room = excelCellChars - mark(text.length, 'characters').length;
  const boundary = boundaryBefore(text, room);
  if (boundary > 0) {
    // Items after the boundary: one more than the boundaries from there.
    const more = boundariesFrom(text, boundary + 1) + 1;
    return { text: text.slice(0, boundary) + mark(more, 'items'), cut: true };
  }
  const end = whole(text, room);
  return { text: text.slice(0, end) + mark(text.length - end, 'characters'), cut: true };
}
