/**
 * A number as an analyst types it, the same at every door (the window's fields, `dcdesk`'s flags
 * and `settings set`): digits with one decimal mark at most, a comma or a point (`0,8` and `0.8`
 * alike), an optional sign. A number written with thousands separators is refused and named,
 * since `1.000` is a thousand to a Portuguese reader and one to an English one.
 */
export type NumberTextProblem = 'not-a-number' | 'not-whole' | 'grouped';

export type NumberText =
  | { ok: true; value: number }
  | { ok: false; problem: Exclude<NumberTextProblem, 'grouped'> }
  /** Written with thousands separators: `ungrouped` is the text without them, to suggest. */
  | { ok: false; problem: 'grouped'; ungrouped: string };

// One decimal mark at most, either one.
const shape = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/;
/**
 * Digits in groups of three after one to three leading ones (`1.000`, `100,000`, `1.048.576`,
 * `1 000`): a thousands separator to a reader of one language, a decimal mark to the other's, so
 * refused and named. A leading zero (`0,875`) is a decimal in both.
 */
const grouped = /^[+-]?[1-9]\d{0,2}([.,\s\u00a0\u202f]\d{3})+$/;

/** The number in `text` (not empty), or why it cannot be used. */
export function readNumberText(text: string, { integer = false } = {}): NumberText {
  const trimmed = text.trim();
  if (grouped.test(trimmed))
    return { ok: false, problem: 'grouped', ungrouped: trimmed.replace(/[.,\s\u00a0\u202f]/g, '') };
  if (!shape.test(trimmed)) return { ok: false, problem: 'not-a-number' };
  const value = Number(trimmed.replace(',', '.'));
  if (!Number.isFinite(value)) return { ok: false, problem: 'not-a-number' };
  if (integer && !Number.isInteger(value)) return { ok: false, problem: 'not-whole' };
  return { ok: true, value };
}
