/** Small text helpers shared by the transaction rules. */

/**
 * The trimmed value, or undefined when the value is absent or blank. Spreadsheet cells and
 * command-line flags give empty strings for "not filled", which must not count as data.
 */
export function present(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}

/** Whether the text is one or more ASCII digits (no sign, no separators). */
export function isDigits(text: string): boolean {
  return /^\d+$/.test(text);
}

/**
 * Whether the text holds a C0 or C1 control character (tab, newline, NUL, DEL, …). Checked by code
 * so that no control character has to be written inside a regular expression.
 */
export function hasControlCharacters(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/**
 * The characters no identifier holds and no screen shows as they are, as one class: the controls
 * (Cc: tab, NUL, ESC, DEL, the C1 set), the format characters (Cf: the direction marks, embeddings,
 * overrides and isolates, the zero-width space, joiners and word joiner, the soft hyphen, the
 * byte-order mark, the tag characters) and the default-ignorable characters (variation selectors,
 * Hangul fillers, the combining grapheme joiner). An ID holding one looks like another ID (or is
 * shown reordered), so an outcome sheet that types what it sees never matches it. Also U+FFFD,
 * which a decoder writes for bytes it could not read: the character the ID had is lost, so it
 * matches nothing the case system holds. One regular expression, not a loop over the characters:
 * a response file's million rows are checked with it.
 */
const unsafeCharacter = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\uFFFD]/u;

/**
 * Every character `hasUnsafeCharacters` looks for, as a global pattern: the command line shows each
 * as an escape when it prints a name or a value that came from a file or the service.
 */
export function unsafeCharacters(): RegExp {
  return new RegExp(unsafeCharacter.source, 'gu');
}

function hex(code: number): string {
  return code.toString(16).padStart(4, '0');
}

/**
 * The unsafe characters of the text, each once and in order, as code points (`U+200B`): what a
 * message names when it refuses a value, since the characters themselves cannot be seen.
 */
export function unsafeCodePoints(text: string): string[] {
  const found = new Set<string>();
  for (const [char] of text.matchAll(unsafeCharacters())) {
    found.add(`U+${hex(char.codePointAt(0) ?? 0).toUpperCase()}`);
  }
  return [...found];
}

/**
 * Whether the text holds a control, direction or invisible character (`unsafeCharacter`):
 * characters no real identifier has, that change what a terminal or a screen shows
 * (`abc\u202Edcba` displays as `abcabcd`, `PED\u200B1` as `PED1`), and that would reach the
 * service and the history unseen.
 */
export function hasUnsafeCharacters(text: string): boolean {
  return unsafeCharacter.test(text);
}

/** The characters `hasUnsafeCharacters` refuses, and the line and paragraph separators. */
const unsafeInValue = new RegExp(`${unsafeCharacter.source.slice(0, -1)}\\u2028\\u2029]`, 'gu');

/**
 * A name or value from a file, the history or the service, to be put inside one line of a
 * message or one cell of a table (on a terminal or a screen): every control, direction and
 * invisible character as a `\uXXXX` escape (one per UTF-16 unit, as JSON writes it), line feed
 * and tab too, so a crafted value can neither forge a line nor reorder what is shown around it,
 * and an ID with a zero-width space does not print as the ID without it.
 */
export function shown(value: string): string {
  return value.replace(unsafeInValue, (char) =>
    Array.from({ length: char.length }, (_, index) => `\\u${hex(char.charCodeAt(index))}`).join(''),
  );
}
