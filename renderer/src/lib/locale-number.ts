/**
 * Numbers as an analyst types them, in either language: `0,8` and `0.8` alike. A text field with
 * this parser replaces `<input type="number">`, which in Chromium drops a comma it does not expect
 * (`0,8` became `08`) and gives the form an empty value without saying why.
 */
export interface NumberRules {
  min: number;
  max: number;
  /** Whole numbers only. */
  integer?: boolean;
}

export type NumberProblem = 'not-a-number' | 'not-whole' | 'out-of-range' | 'grouped';

export type ParsedNumber =
  | { ok: true; value: number | null }
  | { ok: false; problem: Exclude<NumberProblem, 'grouped'> }
  /** Written with thousands separators: `ungrouped` is the text without them, to suggest. */
  | { ok: false; problem: 'grouped'; ungrouped: string };

// One decimal mark at most, either one; no thousands separators, since `1.000` would otherwise
// mean a thousand in Portuguese and one in English.
const shape = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/;
/**
 * Digits in groups of three after one to three leading ones (`1.000`, `100,000`, `1.048.576`):
 * a thousands separator to a reader of one language, a decimal mark to the other's, so refused
 * and named. A leading zero (`0,875`) is a decimal in both.
 */
const grouped = /^[+-]?[1-9]\d{0,2}([.,]\d{3})+$/;

/** The number in `text`, `null` when empty, or why it cannot be used. */
export function parseLocaleNumber(text: string, rules: NumberRules): ParsedNumber {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: null };
  if (grouped.test(trimmed))
    return { ok: false, problem: 'grouped', ungrouped: trimmed.replace(/[.,]/g, '') };
  if (!shape.test(trimmed)) return { ok: false, problem: 'not-a-number' };
  const value = Number(trimmed.replace(',', '.'));
  if (!Number.isFinite(value)) return { ok: false, problem: 'not-a-number' };
  if (rules.integer && !Number.isInteger(value)) return { ok: false, problem: 'not-whole' };
  if (value < rules.min || value > rules.max) return { ok: false, problem: 'out-of-range' };
  return { ok: true, value };
}

/** A stored number written back into a field, in the locale's decimal mark. */
export function formatLocaleNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 20 }).format(
    value,
  );
}
