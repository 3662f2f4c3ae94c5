/**
 * The shared string table, read as it is inflated: a full sheet of distinct texts holds millions
 * of them. A string is its plain `<t>`, or the `<t>` of each rich-text run joined; phonetic
 * guides (`<rPh>`) are not part of the text.
 */
import type { ZipEntry } from '../zip-check';
import { detached, unescapeXml } from './xml-text';
import { eachElementRun } from './zip-parts';

const item = /<(?:[\w.-]+:)?si\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:[\w.-]+:)?si>)/g;
const phonetic = /<(?:[\w.-]+:)?rPh\b[\s\S]*?<\/(?:[\w.-]+:)?rPh>/g;
const text = /<(?:[\w.-]+:)?t\b[^>]*?(?:\/>|>([^<]*)<\/(?:[\w.-]+:)?t>)/g;

export function sharedStrings(bytes: Uint8Array, entry: ZipEntry): string[] {
  const strings: string[] = [];
  eachElementRun(bytes, entry, 'si', (run) => {
    item.lastIndex = 0;
    for (let match = item.exec(run); match !== null; match = item.exec(run)) {
      strings.push(detached(stringItem(match[1] ?? '')));
    }
  });
  return strings;
}

/** The text of one `<si>` (or `<is>`) element's content. */
export function stringItem(content: string): string {
  const simple = plainText(content);
  if (simple !== undefined) return simple;
  const visible = content.includes('rPh') ? content.replace(phonetic, '') : content;
  let joined = '';
  text.lastIndex = 0;
  for (let match = text.exec(visible); match !== null; match = text.exec(visible)) {
    joined += match[1] ?? '';
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
