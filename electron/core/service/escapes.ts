/**
 * Reads a server's text through the escapes servers write, so that what the text says can be
 * searched, not only how it is written. A server quotes a password or a CPF back inside JSON
 * (`\/`, `\u00e7`), in a URL or a form body (`%26`, `%c3%a7`), in an HTML page (`&amp;`, `&#39;`),
 * or in several of these at once; listing every spelling of a secret misses the next one, and a
 * character may be written in several ways inside one secret. Each reading keeps, for every
 * character it holds, where that character was written in the original text, so what is found in
 * the reading is hidden in the original, escapes included.
 */

/**
 * One reading of a text: its characters, and for each, the span [start, end) of the reading before
 * (`parent`) it was read from. Spans are traced back to the original only for what is found, the
 * rare case, so a reading costs one pass over the text.
 */
export interface Reading {
  text: string;
  /** Null for the text as written. */
  parent: Reading | null;
  start: Int32Array;
  end: Int32Array;
}

/** The span of the original text that characters [from, to) of `reading` were read from. */
export function spanIn(reading: Reading, from: number, to: number): [number, number] {
  let first = from;
  let last = to;
  for (let at: Reading | null = reading; at.parent; at = at.parent) {
    first = at.start[first] ?? first;
    last = at.end[last - 1] ?? last;
  }
  return [first, last];
}

/**
 * Escapes inside escapes (a URL percent-encoded into a form field, then HTML-escaped) are read
 * layer by layer; three layers is more than any server writes, and a text that reads the same
 * after a layer stops there.
 */
const maxLayers = 3;

/** The text as written, then each layer of escapes read, while a layer changes anything. */
export function* readingsOf(text: string): Generator<Reading> {
  let reading: Reading = { text, parent: null, start: noSpans, end: noSpans };
  yield reading;
  for (let layer = 0; layer < maxLayers; layer += 1) {
    const next = readLayer(reading);
    if (!next) return;
    yield next;
    reading = next;
  }
}

const noSpans = new Int32Array(0);

/** The characters that may open an escape: a text without them has nothing more to read. */
const opener = /[\\%&]/;

const jsonEscapes: Partial<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  "'": "'",
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

/** HTML's named references for ASCII punctuation, read in any case (`&AMP;`, `&Quot;`). */
const asciiNames: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  sol: '/',
  bsol: '\\',
  plus: '+',
  equals: '=',
  excl: '!',
  quest: '?',
  num: '#',
  dollar: '$',
  percnt: '%',
  lpar: '(',
  rpar: ')',
  ast: '*',
  comma: ',',
  period: '.',
  colon: ':',
  semi: ';',
  commat: '@',
  lsqb: '[',
  rsqb: ']',
  lcub: '{',
  rcub: '}',
  verbar: '|',
  grave: '`',
  hat: '^',
  lowbar: '_',
  tab: '\t',
  newline: '\n',
  euro: '€',
};

/**
 * The Latin-1 names, U+00A0 to U+00FF in order, which PHP's `htmlentities` writes for every such
 * character (`&Ccedil;enha`). Case tells `Ccedil` from `ccedil`, so these are read as written.
 */
const latin1Names = new Map(
  (
    'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn ' +
    'sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave ' +
    'Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ' +
    'ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN ' +
    'szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute ' +
    'icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml ' +
    'yacute thorn yuml'
  )
    .split(' ')
    .map((name, index) => [name, String.fromCharCode(0xa0 + index)]),
);

const reference = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{1,7}));/y;

/** The number written by `count` hex digits at `at`, or -1 when they are not all hex digits. */
function hexAt(text: string, at: number, count: number): number {
  let value = 0;
  for (let index = at; index < at + count; index += 1) {
    const code = text.charCodeAt(index);
    const digit =
      code >= 48 && code <= 57
        ? code - 48
        : code >= 65 && code <= 70
          ? code - 55
          : code >= 97 && code <= 102
            ? code - 87
            : -1;
    if (digit < 0) return -1;
    value = value * 16 + digit;
  }
  return value;
}

function fromCodePoint(code: number): string | null {
  return code > 0x10ffff || code === 0 ? null : String.fromCodePoint(code);
}

/** What an escape at `at` says and how long it is written, or null when none starts there. */
function escapeAt(text: string, at: number): [string, number] | null {
  const char = text[at];
  const next = text[at + 1] ?? '';
  if (char === '\\') {
    const simple = jsonEscapes[next];
    if (simple !== undefined) return [simple, 2];
    const unit = next === 'u' ? hexAt(text, at + 2, 4) : -1;
    if (unit >= 0) return [String.fromCharCode(unit), 6];
    const byte = next === 'x' ? hexAt(text, at + 2, 2) : -1;
    return byte >= 0 ? [String.fromCharCode(byte), 4] : null;
  }
  if (char === '%') {
    const unit = next === 'u' ? hexAt(text, at + 2, 4) : -1;
    return unit >= 0 ? [String.fromCharCode(unit), 6] : percentAt(text, at);
  }
  if (next !== '#' && !/[A-Za-z]/.test(next)) return null;
  reference.lastIndex = at;
  const found = reference.exec(text);
  if (!found) return null;
  const [all, decimal, hex, name] = found;
  const said =
    decimal !== undefined
      ? fromCodePoint(Number(decimal))
      : hex !== undefined
        ? fromCodePoint(parseInt(hex, 16))
        : (latin1Names.get(name ?? '') ?? asciiNames[(name ?? '').toLowerCase()] ?? null);
  return said === null ? null : [said, all.length];
}

/** The byte `%HH` at `at` writes, or -1. */
function byteAt(text: string, at: number): number {
  return text.charCodeAt(at) === 37 ? hexAt(text, at + 1, 2) : -1;
}

/**
 * `%HH`, with the bytes that follow it when they make one UTF-8 character (`%C3%A7` is `ç`). A
 * byte that starts no UTF-8 character is read as Latin-1, as older servers write (`%E7` is `ç`).
 */
function percentAt(text: string, at: number): [string, number] | null {
  const lead = byteAt(text, at);
  if (lead < 0) return null;
  const follows = lead >= 0xf0 && lead <= 0xf4 ? 3 : lead >= 0xe0 ? 2 : lead >= 0xc2 ? 1 : 0;
  if (lead < 0x80 || follows === 0) return [String.fromCharCode(lead), 3];
  let code = lead & (0x3f >> follows);
  for (let index = 1; index <= follows; index += 1) {
    const byte = byteAt(text, at + index * 3);
    if (byte < 0x80 || byte > 0xbf) return [String.fromCharCode(lead), 3];
    code = (code << 6) | (byte & 0x3f);
  }
  const said = fromCodePoint(code);
  return said === null ? [String.fromCharCode(lead), 3] : [said, 3 * (follows + 1)];
}

/** One layer of escapes read, or null when the text holds none. */
function readLayer(previous: Reading): Reading | null {
  const { text } = previous;
  if (!opener.test(text)) return null;
  // Every escape is longer than what it says, so the reading is never longer than the text.
  const start = new Int32Array(text.length);
  const end = new Int32Array(text.length);
  const parts: string[] = [];
  let length = 0;
  let plainFrom = 0;
  const flush = (to: number) => {
    if (to > plainFrom) parts.push(text.slice(plainFrom, to));
    for (let index = plainFrom; index < to; index += 1) {
      start[length] = index;
      end[length] = index + 1;
      length += 1;
    }
  };
  for (let at = 0; at < text.length;) {
    const code = text.charCodeAt(at);
    const escape = code === 92 || code === 37 || code === 38 ? escapeAt(text, at) : null;
    if (!escape) {
      at += 1;
      continue;
    }
    flush(at);
    const [said, written] = escape;
    parts.push(said);
    for (let unit = 0; unit < said.length; unit += 1) {
      start[length] = at;
      end[length] = at + written;
      length += 1;
    }
    at += written;
    plainFrom = at;
  }
  if (plainFrom === 0) return null;
  flush(text.length);
  return {
    text: parts.join(''),
    parent: previous,
    start: start.subarray(0, length),
    end: end.subarray(0, length),
  };
}

/**
 * The text with each span replaced by what `replacement` gives for it. Spans that overlap or touch
 * become one, replaced as the first of them says.
 */
export function replaceSpans<T>(
  text: string,
  spans: Array<{ from: number; to: number; value: T }>,
  replacement: (value: T) => string,
): string {
  const [head, ...rest] = [...spans].sort((a, b) => a.from - b.from || b.to - a.to);
  if (!head) return text;
  const parts: string[] = [];
  let written = 0;
  let current = { ...head };
  const close = () => {
    parts.push(text.slice(written, current.from), replacement(current.value));
    written = current.to;
  };
  for (const span of rest) {
    if (span.from <= current.to) current.to = Math.max(current.to, span.to);
    else {
      close();
      current = { ...span };
    }
  }
  close();
  parts.push(text.slice(written));
  return parts.join('');
}
