import type { Transaction } from '../../shared/domain/types';

/** A CPF with correct check digits, built from nine digits (for tests and fixtures). */
export function cpfFrom(nine: string): string {
  const digits = nine.split('').map(Number);
  for (const length of [9, 10]) {
    const sum = digits
      .slice(0, length)
      .reduce((total, digit, index) => total + digit * (length + 1 - index), 0);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  return digits.join('');
}

/** A valid transaction whose ids are unique per `n`. */
export function sampleTransaction(n: number, extra: Partial<Transaction> = {}): Transaction {
  return {
    sessionID: `session-${String(n).padStart(8, '0')}-abcdefghijklmnop`,
    externalID: `order-${String(n).padStart(6, '0')}`,
    cpf: cpfFrom(String(100_000_000 + n).slice(-9)),
    email: `buyer${n}@example.com.br`,
    phone: { countryCode: '55', cityCode: '11', number: '987654321' },
    zipCode: '01310100',
    ...extra,
  };
}
