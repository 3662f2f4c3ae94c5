/** CPF (Brazilian taxpayer number): normalisation and validation. */

export type CpfProblem = 'length' | 'format' | 'repeated_digits' | 'check_digits';

/** A CPF has exactly 11 digits: 9 of the number and 2 check digits. */
export const cpfLength = 11;

/**
 * Removes the punctuation people type or paste (`529.982.247-25`, `529 982 247/25`). Any other
 * character is kept on purpose, so that {@link cpfProblem} reports `format` rather than a number
 * silently "repaired" into something else.
 */
export function normaliseCpf(text: string): string {
  return text.replace(/[.\-/\s]/g, '');
}

/**
 * The first rule a normalised CPF breaks, or null when it is valid. Order: characters other than
 * digits (`format`), not 11 digits (`length`), one digit repeated (`repeated_digits`: such numbers
 * pass the check-digit arithmetic but are never issued), then the two check digits.
 *
 * A CPF read from a numeric spreadsheet cell may have lost its leading zeros; padding is the
 * reader's decision (it knows the cell type), not this function's.
 */
export function cpfProblem(digits: string): CpfProblem | null {
  if (!/^\d*$/.test(digits)) return 'format';
  if (digits.length !== cpfLength) return 'length';
  if (/^(\d)\1*$/.test(digits)) return 'repeated_digits';
  if (
    checkDigit(digits, 9) !== digitAt(digits, 9) ||
    checkDigit(digits, 10) !== digitAt(digits, 10)
  ) {
    return 'check_digits';
  }
  return null;
}

/** Whether the text, after {@link normaliseCpf}, is a valid CPF. Accepts formatted input. */
export function isValidCpf(text: string): boolean {
  return cpfProblem(normaliseCpf(text)) === null;
}

/**
 * The check digit over the first `count` digits (9 for the first, 10 for the second): weights
 * count+1 down to 2, then (sum × 10) mod 11, where 10 becomes 0.
 */
function checkDigit(digits: string, count: number): number {
  let sum = 0;
  for (let index = 0; index < count; index += 1) {
    sum += digitAt(digits, index) * (count + 1 - index);
  }
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

function digitAt(digits: string, index: number): number {
  return digits.charCodeAt(index) - 48;
}
