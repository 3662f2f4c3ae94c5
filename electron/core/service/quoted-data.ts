import { isValidCpf } from '../../../shared/domain/cpf';
import { maskCpf, maskEmail, maskPhone } from '../../../shared/domain/mask';
import { emailShape } from './echo-mask';

/** A CPF however grouped (`529.982.247-25`, `52998224725`), not inside a longer number. */
const cpfShape = /(?<![\d.-])\d{3}[.\s]?\d{3}[.\s]?\d{3}[-.\s/]?\d{2}(?![\d]|[.-]\d)/g;

/**
 * A Brazilian phone as people write it: an area code, in parentheses or after `+55`, then the
 * number with a separator before its last four digits (`(11) 98765-4321`, `+55 11 98765 4321`).
 * The separator keeps an order number of ten digits from being taken for one.
 */
const phoneShape =
  /(?<![\w+])(?:\+\s?55[\s.-]?)?(?:\(\d{2}\)|\d{2})[\s.-]?9?\d{4}[\s.-]\d{4}(?![\d])/g;

/**
 * Masks any customer's data a service quotes in an answer that names no transaction of the
 * request (an upload's answer: the file holds IDs and outcomes, yet a server may say whose they
 * are). The request's own values are not known here, so what is masked is what has their shape:
 * every e-mail address, every number that is a valid CPF, every number written as a phone.
 */
export function maskQuotedData(text: string): string {
  if (!/[\d@]/.test(text)) return text;
  return text
    .replace(emailShape, (email) => maskEmail(email))
    .replace(cpfShape, (cpf) => (isValidCpf(cpf) ? maskCpf(cpf) : cpf))
    .replace(phoneShape, (phone) => maskPhone(phone));
}
