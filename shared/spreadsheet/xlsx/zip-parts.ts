/**
 * A workbook's parts unpacked from the zip as text, in slices: a full sheet's XML is several
 * hundred megabytes, more than fits in one string, so large parts are inflated and decoded a
 * slice at a time and handed on in pieces that end at a closing tag.
 */
import { Inflate } from 'fflate';
import type { ZipEntry } from '../zip-check';

/**
 * Packed bytes pushed per step, and the most text decoded at once. Sheet XML packs 20-30 to 1;
 * text pieces stay under V8's large-object size (128 KB), so they are young, short-lived strings
 * the collector frees cheaply, instead of large ones each of which costs a full collection.
 */
const packedSlice = 16 * 1024;
const textSlice = 64 * 1024;

/** The part named `path` (any case, as Excel itself treats part names), if the zip has it. */
export function findPart(entries: readonly ZipEntry[], path: string): ZipEntry | undefined {
  const wanted = path.replace(/^\//, '').toLowerCase();
  return entries.find((entry) => entry.name.toLowerCase() === wanted);
}

/**
 * Feeds the part's text to `take`, slice by slice, in order. A part that unpacks to more or less
 * than its declared size throws (the zip checks bounded the declared sizes, not the data).
 */
export function eachSlice(bytes: Uint8Array, entry: ZipEntry, take: (text: string) => void): void {
  const packed = bytes.subarray(entry.dataOffset, entry.dataOffset + entry.packedBytes);
  const decoder = new TextDecoder('utf-8');
  let unpacked = 0;
  const decode = (data: Uint8Array, final: boolean) => {
    unpacked += data.length;
    if (unpacked > entry.unpackedBytes || (final && unpacked !== entry.unpackedBytes))
      throw new Error(`part ${entry.name} does not unpack to its declared size`);
    for (let at = 0; at < data.length || (final && at === 0); at += textSlice) {
      const end = Math.min(at + textSlice, data.length);
      const last = final && end === data.length;
      const text = decoder.decode(data.subarray(at, end), { stream: !last });
      if (text !== '') take(text);
    }
  };
  if (entry.method === 0) {
    decode(packed, true);
    return;
  }
  if (entry.method !== 8) throw new Error(`part ${entry.name} uses zip method ${entry.method}`);
  const inflate = new Inflate((data, final) => decode(data, final));
  if (packed.length === 0) inflate.push(packed, true);
  for (let at = 0; at < packed.length; at += packedSlice) {
    const end = Math.min(at + packedSlice, packed.length);
    inflate.push(packed.subarray(at, end), end === packed.length);
  }
}

/** The whole part as one string: for the small parts (workbook, relationships, styles). */
export function partText(bytes: Uint8Array, entry: ZipEntry): string {
  const pieces: string[] = [];
  eachSlice(bytes, entry, (text) => pieces.push(text));
  return pieces.join('');
}

/** A piece with no closing tag of the element past this is not a worksheet any writer makes. */
const longestPiece = 64 * 1024 * 1024;

/**
 * Feeds `take` pieces of the part that each end just after a closing tag of `local` (`</row>` or
 * `</x:row>`; the last piece is whatever follows the last one), so such an element is never split
 * between two pieces. Text can hold no `<`, so every `</` found is a real tag. Only the text new
 * to a piece is searched, so the walk is linear however long a piece grows.
 */
export function eachElementRun(
  bytes: Uint8Array,
  entry: ZipEntry,
  local: string,
  take: (text: string) => void,
): void {
  // The text since the last cut, in the pieces it came in: joined only when a cut is found.
  let pending: string[] = [];
  let pendingLength = 0;
  eachSlice(bytes, entry, (text) => {
    // A closing tag split between pieces starts in the last chars before this one.
    const before = pending.at(-1)?.slice(-64) ?? '';
    const found = afterLastClosing(before + text, local);
    if (found <= before.length) {
      pendingLength += text.length;
      if (pendingLength > longestPiece)
        throw new Error(`no </${local}> in ${String(longestPiece)} characters`);
      pending.push(text);
      return;
    }
    const cut = found - before.length;
    take(pending.join('') + text.slice(0, cut));
    const rest = text.slice(cut);
    pending = rest === '' ? [] : [rest];
    pendingLength = rest.length;
  });
  if (pending.length > 0) take(pending.join(''));
}

/** The index just past the last `</local>` or `</prefix:local>` in `text`, or -1. */
function afterLastClosing(text: string, local: string): number {
  const suffix = `${local}>`;
  for (let open = text.lastIndexOf('</'); open >= 0; open = text.lastIndexOf('</', open - 1)) {
    let name = open + 2;
    // An optional prefix: name characters up to a colon, looked for only as far as a name goes.
    const head = text.slice(name, name + 64);
    const colon = head.indexOf(':');
    if (colon > 0 && /^[\w.-]+$/.test(head.slice(0, colon))) name += colon + 1;
    if (text.startsWith(suffix, name)) return name + suffix.length;
    if (open === 0) break;
  }
  return -1;
}
