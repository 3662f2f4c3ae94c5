/**
 * The two pieces of XML the xlsx reader needs: an element's attributes and the text of a value,
 * unescaped as SheetJS does (entities, then Excel's `_xHHHH_` escapes, then CRLF as LF), so both
 * readers give an analyst the same cell text.
 */

const entities = /&(?:quot|apos|gt|lt|amp|#x([\da-fA-F]+)|#(\d+));/g;
const named: Record<string, string> = {
  '&quot;': '"',
  '&apos;': "'",
  '&gt;': '>',
  '&lt;': '<',
  '&amp;': '&',
};
const excelEscapes = /_x([\da-fA-F]{4})_/gi;

function entity(match: string, hex: string | undefined, decimal: string | undefined): string {
  if (hex !== undefined) return fromCode(parseInt(hex, 16), match);
  if (decimal !== undefined) return fromCode(parseInt(decimal, 10), match);
  return named[match] ?? match;
}

function fromCode(code: number, otherwise: string): string {
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : otherwise;
}

/** Text content or an attribute value as the workbook means it. */
export function unescapeXml(text: string): string {
  let out = text.includes('&') ? text.replace(entities, entity) : text;
  if (out.includes('_x') || out.includes('_X'))
    out = out.replace(excelEscapes, (_, code: string) => String.fromCharCode(parseInt(code, 16)));
  return out.includes('\r\n') ? out.replace(/\r\n/g, '\n') : out;
}

/**
 * The text as a string of its own. In V8 a slice of a longer string keeps all of it alive: the
 * cells of a full sheet would hold its 450 MB of XML, which the collector would walk again and
 * again. (V8 copies slices shorter than 13 characters anyway.)
 */
export function detached(text: string): string {
  return text.length < 13 ? text : (' ' + text).slice(1);
}

const attribute = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/**
 * The attributes of one start tag (`<c r="A1" t="s">`), names without their namespace prefix
 * except `r:id`-style relationship names, which keep it as `id`.
 */
export function attributesOf(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  attribute.lastIndex = 0;
  for (let match = attribute.exec(tag); match !== null; match = attribute.exec(tag)) {
    const name = match[1] ?? '';
    const local = name.slice(name.indexOf(':') + 1);
    if (name.startsWith('xmlns')) continue;
    if (!found.has(local)) found.set(local, match[2] ?? match[3] ?? '');
  }
  return found;
}

/** Every start tag of `local` (any prefix) in `xml`, as attribute maps. */
export function tagsNamed(xml: string, local: string): Array<Map<string, string>> {
  const pattern = new RegExp(`<(?:[\\w.-]+:)?${local}\\b[^>]*>`, 'g');
  return [...xml.matchAll(pattern)].map((match) => attributesOf(match[0]));
}
