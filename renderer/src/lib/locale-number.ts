/**
 * Numbers as an analyst types them, in either language: `0,8` and `0.8` alike. A text field with
 * this parser replaces `<input type="number">`, which in Chromium drops a comma it does not expect
 * (`0,8` became `08`) and gives the form an empty value without saying why.
 */
import { readNumberText, type NumberTextProblem } from '../../../shared/number-text';

export interface NumberRules {
  min: number;
  max: number;
  /** Whole numbers only. */
  integer?: boolean;
}

export type NumberProblem = NumberTextProblem | 'out-of-range';

export type ParsedNumber =
  | { ok: true; value: number | null }
  | { ok: false; problem: Exclude<NumberProblem, 'grouped'> }
  /** Written with thousands separators: `ungrouped` is the text without them, to suggest. */
  | { ok: false; problem: 'grouped'; ungrouped: string };

/** The number in `text`, `null` when empty, or why it cannot be used (see `readNumberText`). */
export function parseLocaleNumber(text: string, rules: NumberRules): ParsedNumber {
  if (text.trim() === '') return { ok: true, value: null };
  const read = readNumberText(text, { integer: rules.integer });
  if (!read.ok) return read;
  if (read.value < rules.min || read.value > rules.max)
    return { ok: false, problem: 'out-of-range' };
  return read;
}

/** A stored number written back into a field, in the locale's decimal mark. */
export function formatLocaleNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 20 }).format(
    value,
  );
}
