/**
 * Number formats that show an integer with its leading zeros: `000000000` shows 123456 as
 * `000123456`, and Excel saves that text when it saves the sheet as CSV. An order number or any ID
 * kept as a number under such a format is the text the analyst sees, so it is read as that text:
 * the same sheet as xlsx and as CSV then looks up the same transactions.
 *
 * Only formats made of zero placeholders and literal text are followed (`000000000`,
 * `"PED-"000000`, `00000\-000`, `000"."000"."000"-"00`): what they show is the digits and the
 * text, nothing that depends on the computer's language. Anything else (`#`, `?`, a decimal point,
 * thousands, sections, colours, conditions) leaves the number as its plain digits, as before.
 */
import { numberToText } from './number-text';

/** A format as literal text and runs of zero placeholders (the run's length as a number). */
export type PaddedFormat = ReadonlyArray<string | number>;

/** Characters Excel shows as themselves without quotes or a backslash. */
const bareLiterals = new Set(['$', '-', '+', '(', ')', ' ']);

/**
 * The format `code` as a `PaddedFormat`, or null when it is not one or would show the number as
 * its plain digits anyway (`0`, the built-in format 1).
 */
export function paddedFormat(code: string): PaddedFormat | null {
  const parts: Array<string | number> = [];
  let zeros = 0;
  let literal = false;
  const add = (part: string | number) => {
    const last = parts.at(-1);
    if (typeof part === 'number' && typeof last === 'number') parts[parts.length - 1] = last + part;
    else if (typeof part === 'string' && typeof last === 'string')
      parts[parts.length - 1] = last + part;
    else parts.push(part);
  };
  for (let at = 0; at < code.length; at += 1) {
    const char = code[at] as string;
    if (char === '0') {
      zeros += 1;
      add(1);
    } else if (char === '"') {
      const close = code.indexOf('"', at + 1);
      if (close < 0) return null;
      if (close > at + 1) add(code.slice(at + 1, close));
      literal ||= close > at + 1;
      at = close;
    } else if (char === '\\' && at + 1 < code.length) {
      at += 1;
      add(code[at] as string);
      literal = true;
    } else if (bareLiterals.has(char)) {
      add(char);
      literal = true;
    } else return null;
  }
  return zeros === 0 || (zeros === 1 && !literal) ? null : parts;
}

/**
 * An integer as `format` shows it: its digits padded with zeros to the placeholders, the digits
 * past them before the first run, as Excel does (`000` shows 12345 as `12345`), and a minus sign
 * first. Null for a fraction, which Excel would round to the placeholders: it is read as its
 * plain digits rather than as a value that is not the one stored.
 */
export function paddedText(format: PaddedFormat, value: number): string | null {
  if (!Number.isSafeInteger(value)) return null;
  let width = 0;
  for (const part of format) if (typeof part === 'number') width += part;
  const digits = numberToText(Math.abs(value)).padStart(width, '0');
  // The first run of placeholders takes the digits past them too.
  let extra = digits.length - width;
  let at = 0;
  let text = '';
  for (const part of format) {
    if (typeof part === 'string') text += part;
    else {
      text += digits.slice(at, at + part + extra);
      at += part + extra;
      extra = 0;
    }
  }
  return value < 0 ? `-${text}` : text;
}
