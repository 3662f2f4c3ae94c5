import { shown } from '../../shared/domain/text';

/**
 * Characters a terminal acts on instead of showing: C0 controls but line feed and tab (ESC starts
 * sequences that recolour, move the cursor or retitle the window; CR overwrites the line; BEL
 * rings), DEL, C1 controls (0x9B is a one-byte CSI on some terminals), the line and paragraph
 * separators, and the bidirectional controls that reorder what is shown (`abc\u202Edcba` reads
 * as `abcabcd`); and the invisible characters an ID may not hold (the zero-width space, the soft
 * hyphen, joiners, the byte-order mark, variation selectors: `hasUnsafeCharacters`' class), so
 * `PED\u200B1` is never printed as if it were `PED1`. Line feed and tab are kept.
 */
const unsafe = /(?![\n\t])[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2028\u2029]/gu;

/**
 * Text as it may reach a terminal: every character above shown as a `\uXXXX` escape. The escape
 * is JSON's own, so JSON output stays valid and parses to the same values; JSON.stringify already
 * escapes C0 controls, so ordinary JSON output is byte-identical.
 */
export function terminalText(text: string): string {
  return text.replace(unsafe, escaped);
}

/** Each UTF-16 unit as JSON escapes it: a character past U+FFFF is its two surrogates. */
function escaped(char: string): string {
  let text = '';
  for (let at = 0; at < char.length; at += 1)
    text += `\\u${char.charCodeAt(at).toString(16).padStart(4, '0')}`;
  return text;
}

// `shown`, for a name or value inside one line, is shared with the window (which shows a file's
// problems the same way).
export { shown } from '../../shared/domain/text';

/** What a POSIX shell takes as one plain word, needing no quotes. */
const plainWord = /^[A-Za-z0-9_./:@%+=,-]+$/;

/**
 * A word (a path, an address) put in a command the analyst may paste back into a POSIX shell:
 * as it is when it holds only characters a shell leaves alone, in single quotes otherwise (a
 * quote inside as `'\''`), so `my out.csv` prints `'my out.csv'` and not two words.
 */
export function shellWord(word: string): string {
  if (plainWord.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * A word of a printed command, quoted for the shell and then `shown`: a line feed or direction
 * character in it is escaped, so the hint stays one line (pasted, it names a different file: the
 * command can only be as faithful as one safe line allows).
 */
export function commandWord(word: string): string {
  return shown(shellWord(word));
}
