/**
 * The text of a CSV file. Brazilian exports come as UTF-8 (with or without a byte order mark)
 * or as Windows-1252, the Excel "CSV" default on Portuguese Windows; an old Excel for Mac writes
 * Mac Roman. Nothing in the file says which, so the bytes decide: whatever is valid UTF-8 is read
 * as UTF-8 (Windows-1252 text with accents is almost never valid UTF-8 by accident); bytes with
 * no UTF-8 text among them are Windows-1252, or Mac Roman when Windows-1252 makes no Portuguese
 * of them (mac-roman.ts). A file holding UTF-8 text and bytes that are not UTF-8 is refused:
 * read either way, some of its characters (in an ID, an e-mail, a CPF) would change unseen.
 */
import { looksLikeMacRoman } from './mac-roman';
import { scanUtf8 } from './utf8-scan';
import { decodeWindows1252 } from './windows-1252';
import type { CsvEncoding, ReadProblem } from './types';

export { decodeWindows1252 } from './windows-1252';

export type DecodedText =
  { ok: true; text: string; encoding: CsvEncoding } | { ok: false; problem: ReadProblem };

/** Decodes `bytes` (see the module comment); the byte order mark is not part of the text. */
export function decodeText(bytes: Uint8Array): DecodedText {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    // The mark declares UTF-8; a stray invalid byte after it becomes U+FFFD, and the cells
    // holding one are named (replaced-characters.ts).
    return {
      ok: true,
      text: new TextDecoder('utf-8').decode(bytes.subarray(3)),
      encoding: 'utf-8-bom',
    };
  }
  try {
    return {
      ok: true,
      text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes),
      encoding: 'utf-8',
    };
  } catch {
    const { invalidLine, textLine } = scanUtf8(bytes);
    if (invalidLine !== null && textLine !== null)
      return { ok: false, problem: mixedEncoding(invalidLine, textLine) };
    if (looksLikeMacRoman(bytes))
      return { ok: true, text: new TextDecoder('macintosh').decode(bytes), encoding: 'mac-roman' };
    return { ok: true, text: decodeWindows1252(bytes), encoding: 'windows-1252' };
  }
}

function mixedEncoding(invalidLine: number, textLine: number): ReadProblem {
  const line = String(invalidLine);
  return {
    code: 'mixed_encoding',
    line: invalidLine,
    message:
      `The file mixes two text encodings: line ${String(textLine)} is UTF-8, but line ${line} ` +
      'holds a character saved in another one (such as Windows-1252). Read either way, some ' +
      'characters (of an ID, an e-mail, a name) would change, so the file is not read. Export ' +
      `it again from its source, or retype the accented letters of line ${line} in an editor ` +
      'that saves UTF-8, and choose it again.',
  };
}
