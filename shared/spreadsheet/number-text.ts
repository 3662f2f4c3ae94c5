/**
 * Numbers as plain digits. A CPF or an order number stored as a number must come back as the
 * digits the analyst typed (`12345678909`), never as Excel's `1.23E+10` or with grouping.
 */

/**
 * The shortest text that reads back as the same number, without exponent or grouping:
 * `12345678909` → `12345678909`, `1.5` → `1.5`, `1e21` → `1000000000000000000000`,
 * `1.5e-7` → `0.00000015`. `-0` is `0`; NaN and infinities keep their JavaScript names.
 */
export function numberToText(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (value === 0) return '0';
  const text = String(value);
  return text.includes('e') ? expandExponent(text) : text;
}

/** `1.5e-7` → `0.00000015`: moves the decimal point instead of asking for more digits. */
function expandExponent(text: string): string {
  const [mantissa = '', exponentText = '0'] = text.split('e');
  const negative = mantissa.startsWith('-');
  const [whole = '', fraction = ''] = (negative ? mantissa.slice(1) : mantissa).split('.');
  const digits = whole + fraction;
  const point = whole.length + Number(exponentText);
  let plain: string;
  if (point <= 0) plain = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) plain = digits + '0'.repeat(point - digits.length);
  else plain = `${digits.slice(0, point)}.${digits.slice(point)}`;
  return negative ? `-${plain}` : plain;
}
