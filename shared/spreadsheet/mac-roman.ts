/**
 * Whether a file that is not UTF-8 is Mac Roman (an old Excel for Mac export) rather than
 * Windows-1252 (the Excel "CSV" default on Portuguese Windows). Mac Roman files are rare today and
 * the two share no accented letter: `ã` in Windows-1252 (E3) is `‚` in Mac Roman, and Mac Roman's
 * `ã` (8B) is `‹` in Windows-1252. But Mac Roman reads the punctuation Excel's autocorrect types,
 * `’` (92) and `—` (97), as the letters `í` and `ó`, so counting letters byte by byte lets a few
 * apostrophes turn a Windows-1252 file into Mac Roman, changing every `ã` of its IDs and e-mails.
 *
 * So words are judged, not bytes, and Windows-1252 wins unless its reading is implausible: Mac
 * Roman only when most words with a byte above 7F are not Portuguese read as Windows-1252, and
 * almost all are read as Mac Roman.
 */
import { decodeWindows1252 } from './windows-1252';

/** Enough of the file to decide by: the first megabyte. */
const sampleBytes = 1 << 20;

/** The accented letters Portuguese writes. */
const portugueseLetter = /[áàâãéêíóôõúüçÁÀÂÃÉÊÍÓÔÕÚÜÇ]/u;
/** Punctuation and symbols a word, or a cell, holds in Brazilian text. */
const textSymbol = /[\u00a0‘’“”–—…•«»°ºª§©®™€£]/u;
/** A word: letters of ASCII and anything outside it (where the two readings differ). */
const word = /[A-Za-z\u0080-\uffff]+/gu;

/**
 * Whether a word read one way is Portuguese: each character outside ASCII an accented letter
 * Portuguese writes or one of its usual symbols, and no capital right after a small letter
 * (`EndereÁo` is Windows-1252's `Endereço` read as Mac Roman).
 */
function plausible(text: string): boolean {
  let previous = '';
  for (const char of text) {
    if (char.charCodeAt(0) >= 0x80) {
      if (textSymbol.test(char)) {
        previous = char;
        continue;
      }
      if (!portugueseLetter.test(char)) return false;
      const capital = char !== char.toLowerCase();
      if (capital && previous !== previous.toUpperCase()) return false;
    }
    previous = char;
  }
  return true;
}

/** The words holding a character outside ASCII, and how many of them are not Portuguese. */
function implausibleWords(text: string): { words: number; implausible: number } {
  let words = 0;
  let implausible = 0;
  for (const [found] of text.matchAll(word)) {
    if (!/[^\p{ASCII}]/u.test(found)) continue;
    words += 1;
    if (!plausible(found)) implausible += 1;
  }
  return { words, implausible };
}

export function looksLikeMacRoman(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, sampleBytes);
  // Both readings split the sample into the same words: ASCII bytes are the same in both.
  const windows = implausibleWords(decodeWindows1252(sample));
  const mac = implausibleWords(new TextDecoder('macintosh').decode(sample));
  return windows.implausible * 2 > windows.words && mac.implausible * 10 <= mac.words;
}
