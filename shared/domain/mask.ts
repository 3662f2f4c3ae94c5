/**
 * Masks for personal data shown in logs, history lists and support exports: enough to recognise a
 * record, not enough to reuse it.
 */
import { normaliseCpf } from './cpf';
import type { Phone } from './types';

/**
 * `12345678909` or `123.456.789-09` → `***.456.789-**`: the middle six digits stay. Anything that
 * is not 11 digits after normalisation is fully masked, so a malformed value never leaks.
 */
export function maskCpf(text: string): string {
  const digits = normaliseCpf(text);
  if (!/^\d{11}$/.test(digits)) return '***.***.***-**';
  return `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**`;
}

/**
 * `john.doe@example.com` → `j***@example.com`: first character of the local part, then `***`; the
 * domain stays (it identifies a provider, not a person). Text without `@` becomes `***`.
 */
export function maskEmail(text: string): string {
  const email = text.trim();
  const at = email.lastIndexOf('@');
  if (at < 0) return '***';
  const first = Array.from(email.slice(0, at))[0] ?? '';
  return `${first}***@${email.slice(at + 1)}`;
}

/**
 * `+55 (11) 98765-4321` (or a {@link Phone}) → `***4321`: only the last four digits of the number
 * stay. Four digits or fewer are fully masked.
 */
export function maskPhone(value: string | Phone): string {
  const digits = (typeof value === 'string' ? value : value.number).replace(/\D/g, '');
  return digits.length <= 4 ? '***' : `***${digits.slice(-4)}`;
}

/**
 * `01310-100` → `01310-***`: the first five digits name a region, the last three a street. Fewer
 * than six digits are fully masked.
 */
export function maskZip(text: string): string {
  const digits = text.replace(/\D/g, '');
  return digits.length < 6 ? '***' : `${digits.slice(0, 5)}-***`;
}

/**
 * `Maria Conceição` → `M*** C***`: the first letter of each word. For free text in a spreadsheet
 * cell (a customer's name, an address) that is neither a header nor a field the app knows.
 */
export function maskName(text: string): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '***';
  return words.map((word) => `${Array.from(word)[0] ?? ''}***`).join(' ');
}
