/**
 * What a file is, from its first bytes. The name can lie (a `.xls` that is a web page, a
 * `.csv` that is an xlsx, a renamed program), so the content decides and the name is not used.
 */
import type { ReadProblem } from './types';

export type Sniffed =
  { kind: 'zip' } | { kind: 'ole2' } | { kind: 'text' } | { kind: 'refused'; problem: ReadProblem };

/** Formats that are surely not spreadsheets, named so the analyst knows what they picked. */
const foreign: Array<{ magic: number[]; what: string }> = [
  { magic: [0x25, 0x50, 0x44, 0x46], what: 'a PDF document' },
  { magic: [0x89, 0x50, 0x4e, 0x47], what: 'a PNG image' },
  { magic: [0xff, 0xd8, 0xff], what: 'a JPEG image' },
  { magic: [0x47, 0x49, 0x46, 0x38], what: 'a GIF image' },
  { magic: [0x1f, 0x8b], what: 'a gzip archive' },
  { magic: [0x37, 0x7a, 0xbc, 0xaf], what: 'a 7-Zip archive' },
  { magic: [0x52, 0x61, 0x72, 0x21], what: 'a RAR archive' },
  { magic: [0x7f, 0x45, 0x4c, 0x46], what: 'a program (ELF)' },
];

const sampleBytes = 64 * 1024;

/**
 * Sorts the file: a zip (xlsx), an OLE2 compound file (xls), text (read as CSV), or refused. Text
 * is refused when it holds a NUL byte or more than 1% control characters in its first 64 KB
 * (binary junk), when it is UTF-16 (with or without a byte order mark), or when it is markup (an
 * HTML or XML "spreadsheet").
 */
export function sniffContent(bytes: Uint8Array): Sniffed {
  if (startsWith(bytes, [0x50, 0x4b]) && (bytes[2] ?? 9) < 9 && (bytes[3] ?? 9) < 9) {
    return { kind: 'zip' };
  }
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return { kind: 'ole2' };
  if (startsWith(bytes, [0x4d, 0x5a]) && hasNul(bytes.subarray(0, 256))) {
    return refuse('a Windows program (.exe or .dll)');
  }
  for (const { magic, what } of foreign) if (startsWith(bytes, magic)) return refuse(what);
  const sample = bytes.subarray(0, sampleBytes);
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff]) || isUtf16(sample)) {
    return {
      kind: 'refused',
      problem: {
        code: 'unsupported',
        message:
          'The file is UTF-16 text ("Unicode Text" in Excel). Save it as "CSV UTF-8" or as an ' +
          'Excel workbook (.xlsx) and import that.',
      },
    };
  }
  if (looksBinary(sample)) return refuse('not text (binary data)');
  if (isMarkup(bytes)) {
    return {
      kind: 'refused',
      problem: {
        code: 'unsupported',
        message:
          'The file is a web page or XML saved under a spreadsheet name (some systems export ' +
          'these as .xls). Open it in Excel and save it as an Excel workbook (.xlsx) or CSV.',
      },
    };
  }
  return { kind: 'text' };
}

function refuse(what: string): Sniffed {
  return {
    kind: 'refused',
    problem: {
      code: 'unsupported',
      message: `The file is ${what}, not a spreadsheet. Choose an .xlsx, .xls or .csv file.`,
    },
  };
}

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return magic.every((byte, index) => bytes[index] === byte);
}

function hasNul(bytes: Uint8Array): boolean {
  return bytes.includes(0);
}

/** A byte that Latin text holds: printable, or tab, line feed or carriage return. */
function isTextByte(byte: number): boolean {
  return byte >= 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
}

/**
 * UTF-16 without a byte order mark, as some systems export it: in Latin text nearly every pair
 * of bytes is a text byte and a zero (little-endian) or a zero and a text byte (big-endian). Said
 * so, instead of "binary data", because the way out is to save the file again as UTF-8.
 */
function isUtf16(sample: Uint8Array): boolean {
  const pairs = Math.floor(sample.length / 2);
  if (pairs < 8) return false;
  let little = 0;
  let big = 0;
  for (let pair = 0; pair < pairs; pair += 1) {
    const first = sample[pair * 2] ?? 0;
    const second = sample[pair * 2 + 1] ?? 0;
    if (second === 0 && first !== 0 && isTextByte(first)) little += 1;
    if (first === 0 && second !== 0 && isTextByte(second)) big += 1;
  }
  return Math.max(little, big) >= pairs * 0.9;
}

/** Control characters other than tab, line feed, form feed, carriage return and DOS's EOF (0x1A). */
function looksBinary(sample: Uint8Array): boolean {
  if (hasNul(sample)) return true;
  let controls = 0;
  for (const byte of sample) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) {
      if (byte !== 0x1a) controls += 1;
    }
  }
  return controls > sample.length / 100;
}

/** `<` then a letter, `!` or `?` as the first thing after a byte order mark and white space. */
function isMarkup(bytes: Uint8Array): boolean {
  let at = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (at < bytes.length && [0x20, 0x09, 0x0a, 0x0d].includes(bytes[at] ?? 0)) at += 1;
  if (bytes[at] !== 0x3c) return false;
  const next = bytes[at + 1] ?? 0;
  return next === 0x21 || next === 0x3f || ((next | 0x20) >= 0x61 && (next | 0x20) <= 0x7a);
}
