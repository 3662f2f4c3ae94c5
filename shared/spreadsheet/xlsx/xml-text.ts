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

/** A character reference XML forbids (NUL, a surrogate, past U+10FFFF) is NUL, as SheetJS reads it. */
function fromCode(code: number, _written: string): string {
  const allowed = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
  return allowed ? String.fromCodePoint(code) : '\u0000';
}

/** Text content or an attribute value as the workbook means it. */
export function unescapeXml(text: string): string {
  if (text.includes('<![CDATA[')) return withCdata(text);
  let out = text.includes('&') ? text.replace(entities, entity) : text;
  if (out.includes('_x') || out.includes('_X'))
    out = out.replace(excelEscapes, (_, code: string) => String.fromCharCode(parseInt(code, 16)));
  return out.includes('\r\n') ? out.replace(/\r\n/g, '\n') : out;
}

/** Text with CDATA sections: their content is taken as it is, the rest unescaped. */
function withCdata(text: string): string {
  let out = '';
  let at = 0;
  for (let open = text.indexOf('<![CDATA[', at); open >= 0; open = text.indexOf('<![CDATA[', at)) {
    const close = text.indexOf(']]>', open + 9);
    if (close < 0) break;
    out += unescapeXml(text.slice(at, open)) + text.slice(open + 9, close);
    at = close + 3;
  }
  return out + unescapeXml(text.slice(at));
}

/**
 * The text as a string of its own. In V8 a slice of a longer string keeps all of it alive: the
 * cells of a full sheet would hold its 450 MB of XML, which the collector would walk again and
 * again. (V8 copies slices shorter than 13 characters anyway.)
 */
export function detached(text: string): string {
  return text.length < 13 ? text : (' ' + text).slice(1);
}

/** Past this a tag is not one Excel or any other writer makes: the reader gives up on the file. */
const longestTag = 64 * 1024;

/** A start tag (or an empty-element tag), as `nextTag` finds it. */
export interface Tag {
  /** The name as written, prefix included (`x:row`). */
  name: string;
  /** The name without its prefix (`row`). */
  local: string;
  /** The whole tag, `<` to `>`. */
  text: string;
  /** Where the tag ends: the index just past its `>`. */
  end: number;
  /** `<c/>`: no content, no closing tag. */
  empty: boolean;
}

/**
 * The first start tag at or after `from`, or null. Closing tags, comments and declarations are
 * passed over. `scan` remembers the next `>` between calls on the same text with `from` never
 * going back, so text of many `<` and no `>` costs its length once, not once per `<`.
 */
export function nextTag(xml: string, from: number, scan: { close: number }): Tag | null {
  let at = from;
  for (;;) {
    const open = xml.indexOf('<', at);
    if (open < 0) return null;
    if (scan.close <= open) scan.close = xml.indexOf('>', open + 1);
    if (scan.close < 0) return null;
    const close = scan.close;
    const inner = xml.indexOf('<', open + 1);
    // A `<` before the `>`: this one is no tag; the later one may be.
    if (inner >= 0 && inner < close) {
      at = inner;
      continue;
    }
    if (close - open > longestTag) throw new Error('a tag longer than any writer makes');
    const first = xml.charCodeAt(open + 1);
    // `/`, `?`, `!`: a closing tag, a declaration or a comment.
    if (first === 47 || first === 63 || first === 33) {
      at = close + 1;
      continue;
    }
    let nameEnd = open + 1;
    while (nameEnd < close && !isNameEnd(xml.charCodeAt(nameEnd))) nameEnd += 1;
    const name = xml.slice(open + 1, nameEnd);
    return {
      name,
      local: name.slice(name.indexOf(':') + 1),
      text: xml.slice(open, close + 1),
      end: close + 1,
      empty: xml.charCodeAt(close - 1) === 47,
    };
  }
}

/** The next `<name` that is that element (not `<names`), from `from`; -1 when none. */
export function nextElement(text: string, name: string, from: number): number {
  for (let at = text.indexOf(name, from); at >= 0; at = text.indexOf(name, at + 1)) {
    const next = text.charCodeAt(at + name.length);
    // whitespace, '>' or '/'
    if (next === 32 || next === 62 || next === 47 || next === 9 || next === 10 || next === 13)
      return at;
  }
  return -1;
}

/** An element found by `elementAfter`. */
export interface Element {
  /** Its start tag, `<` to `>`. */
  tag: string;
  /** What lies between its start and closing tags; '' for an empty element (`<c/>`). */
  content: string;
  /** The index just past the element. */
  end: number;
}

/**
 * The next element `open` (`<x:row`) at or after `from`, up to its `close` (`</x:row>`), or null
 * when there is none. The searches start where the last one ended, so a walk that goes on from
 * `end` reads the text once. An element that never closes throws.
 */
export function elementAfter(
  text: string,
  open: string,
  close: string,
  from: number,
): Element | null {
  const start = nextElement(text, open, from);
  if (start < 0) return null;
  const tagEnd = text.indexOf('>', start);
  if (tagEnd < 0) throw new Error(`a ${open}> that never ends`);
  const tag = text.slice(start, tagEnd + 1);
  if (text.charCodeAt(tagEnd - 1) === 47 /* / */) return { tag, content: '', end: tagEnd + 1 };
  const closeAt = text.indexOf(close, tagEnd);
  if (closeAt < 0) throw new Error(`a ${open}> that never closes`);
  return { tag, content: text.slice(tagEnd + 1, closeAt), end: closeAt + close.length };
}

/** White space, `/` or `>`: where a tag's name ends. */
function isNameEnd(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13 || code === 47 || code === 62;
}

/** Every start tag of `local` (any prefix) in `xml`. */
export function tagsOf(xml: string, local: string): Tag[] {
  const found: Tag[] = [];
  const scan = { close: -1 };
  for (let tag = nextTag(xml, 0, scan); tag !== null; tag = nextTag(xml, tag.end, scan)) {
    if (tag.local === local) found.push(tag);
  }
  return found;
}

/** The content of an element whose start tag is `tag`, up to its closing tag; null when none. */
export function contentOf(xml: string, tag: Tag): string | null {
  if (tag.empty) return '';
  const close = xml.indexOf(`</${tag.name}>`, tag.end);
  return close < 0 ? null : xml.slice(tag.end, close);
}

/**
 * The attributes of one start tag (`<c r="A1" t="s">`), names without their namespace prefix
 * (`r:id` is `id`); `xmlns` declarations left out. A walk over the tag's characters, each once.
 */
export function attributesOf(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  // Past the element's name, whatever white space follows it.
  let at = 1;
  while (at < tag.length && !isNameEnd(tag.charCodeAt(at))) at += 1;
  while (at < tag.length) {
    const equals = tag.indexOf('=', at);
    if (equals < 0) break;
    const name = tag.slice(at, equals).trim().split(/\s+/).pop() ?? '';
    let quoteAt = equals + 1;
    while (quoteAt < tag.length && isSpace(tag.charCodeAt(quoteAt))) quoteAt += 1;
    const quote = tag[quoteAt];
    if (quote !== '"' && quote !== "'") break;
    const close = tag.indexOf(quote, quoteAt + 1);
    if (close < 0) break;
    const local = name.slice(name.indexOf(':') + 1);
    if (!name.startsWith('xmlns') && local !== '' && !found.has(local))
      found.set(local, tag.slice(quoteAt + 1, close));
    at = close + 1;
  }
  return found;
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}

/** Every start tag of `local` (any prefix) in `xml`, as attribute maps. */
export function tagsNamed(xml: string, local: string): Array<Map<string, string>> {
  return tagsOf(xml, local).map((tag) => attributesOf(tag.text));
}
