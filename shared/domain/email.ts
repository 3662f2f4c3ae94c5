/** The e-mail format check of a transaction (spec 2.3: validated for format when present). */
import { hasControlCharacters } from './text';

const domainLabel = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
const topLevelDomain = /^[a-z]{2,}$/i;

/**
 * A sensible, deliberately plain check rather than RFC 5322: exactly one `@`; a non-empty local
 * part without spaces or control characters; a domain of at least two dot-separated labels of
 * letters, digits and inner hyphens (at most 63 each), the last one 2 or more letters. It refuses
 * what is surely a typo (`ana@gmail`, `ana@@x.com`, `ana @x.com`) and accepts ordinary addresses,
 * including `+` tags. Internationalised domains must come in their `xn--` form.
 */
export function isEmailFormat(email: string): boolean {
  const at = email.indexOf('@');
  if (at <= 0 || at !== email.lastIndexOf('@')) return false;
  const local = email.slice(0, at);
  if (/\s/.test(local) || hasControlCharacters(local)) return false;
  const labels = email.slice(at + 1).split('.');
  const last = labels[labels.length - 1] ?? '';
  return (
    labels.length >= 2 &&
    labels.every((label) => domainLabel.test(label)) &&
    topLevelDomain.test(last)
  );
}
