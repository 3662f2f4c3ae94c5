/**
 * The text of a CSV file. Brazilian exports come as UTF-8 (with or without a byte order mark)
 * or as Windows-1252, the Excel "CSV" default on Portuguese Windows; an old Excel for Mac writes
 * Mac Roman. Nothing in the file says which, so the bytes decide: whatever is valid UTF-8 is read
 * as UTF-8 (Windows-1252 text with accents is almost never valid UTF-8 by accident); anything
 * else is read both ways, and the reading with more Portuguese letters wins, Windows-1252 on a
 * tie. (The same byte is `ã` in Mac Roman and `‹` in Windows-1252; `ã` in Windows-1252 is `‚`
 * in Mac Roman.)
 */
import type { CsvEncoding } from './types';

export interface DecodedText {
  text: string;
  encoding: CsvEncoding;
}

/** Decodes `bytes` (see the module comment); the byte order mark is not part of the text. */
export function decodeText(bytes: Uint8Array): DecodedText {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    // The mark declares UTF-8; a stray invalid byte after it becomes U+FFFD, visible in the row.
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8-bom' };
  }
  try {
    return {
      text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes),
      encoding: 'utf-8',
    };
  } catch {
    const windows = decodeWindows1252(bytes);
    if (!looksLikeMacRoman(bytes)) return { text: windows, encoding: 'windows-1252' };
    return { text: new TextDecoder('macintosh').decode(bytes), encoding: 'mac-roman' };
  }
}

/** Letters with the accents Portuguese writes, the evidence a reading is right. */
const portugueseLetters = /[áàâãéêíóôõúüçÁÀÂÃÉÊÍÓÔÕÚÜÇ]/g;
/** Characters of either reading that are neither ASCII nor such a letter. */
const otherCharacters = /[^\p{ASCII}áàâãéêíóôõúüçÁÀÂÃÉÊÍÓÔÕÚÜÇ]/gu;
/** Enough of the file to decide by: the first megabyte. */
const sampleBytes = 1 << 20;

/** How Portuguese a text looks: its accented letters, less anything else outside ASCII. */
function portugueseScore(text: string): number {
  return (text.match(portugueseLetters)?.length ?? 0) - (text.match(otherCharacters)?.length ?? 0);
}

function looksLikeMacRoman(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, sampleBytes);
  return (
    portugueseScore(new TextDecoder('macintosh').decode(sample)) >
    portugueseScore(decodeWindows1252(sample))
  );
}

/**
 * Bytes 0x80–0x9F of Windows-1252 (€, ‚, ƒ, „, …, “, ”, –, —, ™, …); the five it leaves undefined
 * map to the same C1 code point, as the WHATWG Encoding Standard says.
 */
const highTable = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152,
  0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122,
  0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

/**
 * Windows-1252 by table. `new TextDecoder('windows-1252')` is not used: Node 20 decodes that label
 * as ISO-8859-1, turning `€ “ ” –` into invisible control characters, while browsers get it right.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  const chunk = 8192;
  for (let start = 0; start < bytes.length; start += chunk) {
    const end = Math.min(start + chunk, bytes.length);
    const codes = new Array<number>(end - start);
    for (let index = start; index < end; index += 1) {
      const byte = bytes[index] ?? 0;
      codes[index - start] = byte >= 0x80 && byte <= 0x9f ? (highTable[byte - 0x80] ?? byte) : byte;
    }
    parts.push(String.fromCharCode(...codes));
  }
  return parts.join('');
}
