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
