import { normaliseCpf } from '../../../shared/domain/cpf';
import { maskCpf, maskEmail, maskPhone, maskZip } from '../../../shared/domain/mask';
import type { Transaction } from '../../../shared/domain/types';

/** Any e-mail address: a service has no reason to quote one, so every one it quotes is masked. */
const emailShape = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;

/** The ways a value can be quoted back: as sent, and escaped inside a JSON string. */
function quoted(value: string): string[] {
  return [...new Set([value, JSON.stringify(value).slice(1, -1)])];
}

/**
 * Masks the personal data of one request wherever a service quotes it back (a 400 repeating the
 * body, an answer echoing the request): the CPF, e-mail, phone and CEP sent are replaced by their
 * masks, as the screen shows them. Without it an echo would put them unmasked in the history's
 * messages, the result files and the terminal.
 */
export function echoMask(transaction: Transaction): (text: string) => string {
  const replacements = new Map<string, string>();
  const add = (value: string | undefined, mask: string) => {
    // Short values (a 4-digit phone part) would mask ordinary numbers in every message.
    if (value === undefined || value.replace(/\D/g, '').length < 5) return;
    for (const form of quoted(value)) replacements.set(form, mask);
  };
  const { cpf, email, phone, zipCode } = transaction;
  if (cpf !== undefined) {
    const digits = normaliseCpf(cpf);
    add(cpf, maskCpf(digits));
    add(digits, maskCpf(digits));
    add(digits.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4'), maskCpf(digits));
  }
  if (email !== undefined) add(email, maskEmail(email));
  if (phone !== undefined) {
    const mask = maskPhone(phone);
    add(phone.number, mask);
    add(`${phone.cityCode}${phone.number}`, mask);
    add(`${phone.countryCode}${phone.cityCode}${phone.number}`, mask);
  }
  if (zipCode !== undefined) add(zipCode, maskZip(zipCode));
  // Longest first, so a full phone number is masked whole before its local part.
  const forms = [...replacements.keys()].sort((a, b) => b.length - a.length);
  return (text) => {
    let result = text;
    for (const form of forms) {
      if (result.includes(form)) result = result.split(form).join(replacements.get(form) ?? '***');
    }
    return result.includes('@') ? result.replace(emailShape, (found) => maskEmail(found)) : result;
  };
}
