/**
 * Where a file's bytes are UTF-8 and where they are not, line by line. A file with no invalid
 * byte is UTF-8; one with invalid bytes and no UTF-8 text is a legacy encoding; one with both is
 * two files pasted together (or a cell typed into a UTF-8 export by an editor that saved
 * Windows-1252), and neither reading gives all its characters back.
 */

export interface Utf8Scan {
  /** The first line (1-based) holding a byte that is not UTF-8; null when there is none. */
  invalidLine: number | null;
  /** The first line holding UTF-8 text other than ASCII (see `isText`); null when there is none. */
  textLine: number | null;
}

/**
 * Whether a valid multi-byte sequence is evidence of UTF-8 text. Three- and four-byte sequences
 * almost never occur by accident in Windows-1252 (they need an accented lowercase letter followed
 * by two symbols); two-byte ones do (`É”` is C9 94, valid UTF-8 for `ɔ`), so only those that
 * decode to the accented Latin letters and symbols Brazilian text holds (U+00A0 to U+017F) count.
 */
function isText(length: number, codePoint: number): boolean {
  return length > 2 || (codePoint >= 0xa0 && codePoint <= 0x17f);
}

/** The bytes a lead byte's second byte must lie within (WHATWG Encoding Standard, UTF-8). */
function secondRange(lead: number): [number, number] {
  if (lead === 0xe0) return [0xa0, 0xbf];
  if (lead === 0xed) return [0x80, 0x9f];
  if (lead === 0xf0) return [0x90, 0xbf];
  if (lead === 0xf4) return [0x80, 0x8f];
  return [0x80, 0xbf];
}

function sequenceLength(lead: number): number {
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

/**
 * The length of the valid UTF-8 sequence at `at` and its code point, or null when the bytes there
 * are not one.
 */
function sequenceAt(bytes: Uint8Array, at: number): { length: number; codePoint: number } | null {
  const lead = bytes[at] ?? 0;
  const length = sequenceLength(lead);
  if (length === 0) return null;
  const [low, high] = secondRange(lead);
  let codePoint = lead & (0xff >> (length + 1));
  for (let index = 1; index < length; index += 1) {
    const byte = bytes[at + index];
    if (byte === undefined) return null;
    const [from, to] = index === 1 ? [low, high] : [0x80, 0xbf];
    if (byte < from || byte > to) return null;
    codePoint = (codePoint << 6) | (byte & 0x3f);
  }
  return { length, codePoint };
}

/** Walks the bytes once; stops as soon as both lines are known. */
export function scanUtf8(bytes: Uint8Array): Utf8Scan {
  const found: Utf8Scan = { invalidLine: null, textLine: null };
  let line = 1;
  let at = 0;
  while (at < bytes.length) {
    const byte = bytes[at] ?? 0;
    if (byte < 0x80) {
      if (byte === 0x0a) line += 1;
      at += 1;
      continue;
    }
    const sequence = sequenceAt(bytes, at);
    if (sequence === null) {
      found.invalidLine ??= line;
      at += 1;
    } else {
      if (isText(sequence.length, sequence.codePoint)) found.textLine ??= line;
      at += sequence.length;
    }
    if (found.invalidLine !== null && found.textLine !== null) break;
  }
  return found;
}
