/**
 * The shared string table, read as it is inflated: a full sheet of distinct texts holds millions
 * of them. A string is its plain `<t>`, or the `<t>` of each rich-text run joined; phonetic
 * guides (`<rPh>`) are not part of the text. Every walk here is linear in the text: a hostile
 * part (tags that never close) costs its length, never its length squared.
 */
import type { ZipEntry } from '../zip-check';
import { NotPlainXlsx } from './workbook-xml';
import { contentOf, detached, nextTag, unescapeXml } from './xml-text';
import { eachElementRun } from './zip-parts';

export function sharedStrings(bytes: Uint8Array, entry: ZipEntry): string[] {
  const strings: string[] = [];
  eachElementRun(bytes, entry, 'si', (run) => {
    const scan = { close: -1 };
    for (let tag = nextTag(run, 0, scan); tag !== null; tag = nextTag(run, tag.end, scan)) {
      if (tag.local !== 'si') continue;
      const content = contentOf(run, tag);
      if (content === null) throw new NotPlainXlsx('a shared string that never closes');
      strings.push(detached(stringItem(content)));
    }
  });
  return strings;
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
