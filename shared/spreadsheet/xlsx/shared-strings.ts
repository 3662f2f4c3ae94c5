/**
 * The shared string table, read as it is inflated: a full sheet of distinct texts holds millions
 * of them. A string is its plain `<t>`, or the `<t>` of each rich-text run joined; phonetic
 * guides (`<rPh>`) are not part of the text. Every walk here is linear in the text: a hostile
 * part (tags that never close) costs its length, never its length squared.
 */
import type { ZipEntry } from '../zip-check';
import { NotPlainXlsx, XlsxRefused } from './workbook-xml';
import { contentOf, detached, elementAfter, nextTag, unescapeXml } from './xml-text';
import { eachElementRun } from './zip-parts';

/**
 * More entries than a full sheet's cells could use with room to spare (1,048,576 rows of 16 text
 * columns): past it the table is refused, as holding it would take more memory than the
 * process may have (a few MB of `<si/>` packed tightly are hundreds of millions of entries).
 */
export const mostSharedStrings = 16 * 1_048_576;

export function sharedStrings(
  bytes: Uint8Array,
  entry: ZipEntry,
  most = mostSharedStrings,
): string[] {
  const strings: string[] = [];
  let prefix: string | undefined;
  eachElementRun(bytes, entry, 'si', (run) => {
    prefix ??= rootPrefix(run);
    const open = `<${prefix}si`;
    const close = `</${prefix}si>`;
    // Each search starts where the last string ended: one walk through the part.
    for (
      let item = elementAfter(run, open, close, 0);
      item !== null;
      item = elementAfter(run, open, close, item.end)
    ) {
      strings.push(item.content === '' ? '' : detached(stringItem(item.content)));
      if (strings.length > most) throw tooManyStrings(most);
    }
  });
  return strings;
}

function tooManyStrings(most: number): XlsxRefused {
  return new XlsxRefused({
    code: 'too_large',
    message:
      `The workbook's table of texts holds more than ${most.toLocaleString('en')} ` +
      'entries, more than any sheet can use: it is damaged or made to exhaust memory.',
  });
}

/** The prefix of the table's elements (`x:` in `<x:sst>`), from its root tag. */
function rootPrefix(run: string): string {
  const scan = { close: -1 };
  for (let tag = nextTag(run, 0, scan); tag !== null; tag = nextTag(run, tag.end, scan)) {
    if (tag.local === 'sst') return tag.name.slice(0, tag.name.length - 'sst'.length);
  }
  throw new NotPlainXlsx('no shared string table');
}

/** The text of one `<si>` (or `<is>`) element's content. */
export function stringItem(content: string): string {
  const simple = plainText(content);
  if (simple !== undefined) return simple;
  let joined = '';
  const scan = { close: -1 };
  let at = 0;
  for (let tag = nextTag(content, at, scan); tag !== null; tag = nextTag(content, at, scan)) {
    at = tag.end;
    if (tag.local !== 't' && tag.local !== 'rPh') continue;
    const inner = contentOf(content, tag);
    if (inner === null) throw new NotPlainXlsx(`a <${tag.name}> that never closes`);
    // A phonetic guide's own <t> is not part of the text: its whole element is passed over.
    if (tag.local === 't') joined += inner;
    at = tag.end + inner.length;
  }
  return unescapeXml(joined);
}

/** The fast road for `<t>text</t>` and `<t xml:space="preserve">text</t>`, the usual forms. */
function plainText(content: string): string | undefined {
  if (!content.startsWith('<t')) return undefined;
  const open = content.indexOf('>');
  const close = content.indexOf('</t>', open);
  if (open < 0 || close < 0 || close + 4 !== content.length) return undefined;
  if (content.charCodeAt(open - 1) === 47 /* / */) return undefined;
  const inner = content.slice(open + 1, close);
  return inner.includes('<') ? undefined : unescapeXml(inner);
}
