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

/** Bidirectional controls (ALM, LRM, RLM, the embeddings and overrides, the isolates). */
const bidiControls = new Set([
  0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
]);

/**
 * The C0 and C1 controls and `bidiControls`, as one character class, built from their code
 * points (no control character written in a regular expression). A response file's million rows
 * are checked with it: 70 ms, where a loop over the characters took 540.
 */
const unsafeCharacter = new RegExp(
  `[${[[0x00, 0x1f], [0x7f, 0x9f], ...[...bidiControls].map((code) => [code, code])]
    .map(([from = 0, to = 0]) => `\\u${hex(from)}-\\u${hex(to)}`)
    .join('')}]`,
);

/**
 * Every character `hasUnsafeCharacters` looks for, as a global pattern: the command line shows each
 * as an escape when it prints a name or a value that came from a file or the service.
 */
export function unsafeCharacters(): RegExp {
  return new RegExp(unsafeCharacter.source, 'g');
}

function hex(code: number): string {
  return code.toString(16).padStart(4, '0');
}

/**
 * Whether the text holds a control character or a bidirectional control: characters no real
 * identifier has, that change what a terminal or a screen shows (`abc\u202Edcba` displays as
 * `abcabcd`), and that would reach the service and the history unseen.
 */
export function hasUnsafeCharacters(text: string): boolean {
  return unsafeCharacter.test(text);
}

/** The characters `hasUnsafeCharacters` refuses, and the line and paragraph separators. */
const unsafeInValue = new RegExp(`${unsafeCharacter.source.slice(0, -1)}\\u2028\\u2029]`, 'g');

/**
 * A name or value from a file, the history or the service, to be put inside one line of a
 * message or one cell of a table (on a terminal or a screen): every control and direction
 * character as a `\uXXXX` escape, line feed and tab too, so a crafted value can neither forge a
 * line nor reorder what is shown around it.
 */
export function shown(value: string): string {
  return value.replace(unsafeInValue, (char) => `\\u${hex(char.charCodeAt(0))}`);
}
