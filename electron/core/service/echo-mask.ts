import { normaliseCpf } from '../../../shared/domain/cpf';
import { maskCpf, maskEmail, maskPhone, maskZip } from '../../../shared/domain/mask';
import type { Transaction } from '../../../shared/domain/types';
import { readingsOf, replaceSpans, spanIn } from './escapes';

/**
 * Any e-mail address, in any script: a service has no reason to quote one, so every one it quotes
 * is masked. Letters beyond ASCII count, or `joão@…` would keep `joã` in view.
 */
const emailShape = /[\p{L}\p{N}_.+'-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;

/**
 * What a server may write between the digits of a number it quotes back: spaces, dots, dashes,
 * slashes, parentheses, a form's `+` for a space. At most three at a time, so two numbers a
 * sentence apart are not read as one.
 */
const separator = "[\\s.\\-/()+\\u00a0_,']{0,3}";
/** The same characters, all of them, removed before the quick test for a value (`squeezed`). */
const separators = /[\s.\-/()+\u00a0_,']+/g;
const squeezed = (text: string) => text.replace(separators, '').toLowerCase();

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The digits of a number however they are grouped: `82963300751` also matches `829633007-51` and
 * `8 2 9 6 3 3 0 0 7 5 1`, but not inside a longer number. Leading zeros may be missing, as when
 * a server reads the number as a number; a `+` or `(` just before goes with it (`+55`, `(11)`).
 */
function digitsPattern(digits: string): string {
  const zeros = /^0*/.exec(digits)?.[0].length ?? 0;
  // Digits only (the caller checked), so splitting by UTF-16 unit splits by character.
  const rest = digits.slice(zeros).split('').join(separator);
  const leading = zeros > 0 ? `(?:${Array(zeros).fill('0').join(separator)}${separator})?` : '';
  return `(?<![\\d])[+(]?${leading}${rest}(?![\\d])`;
}

/**
 * Masks the personal data of one request wherever a service quotes it back (a 400 repeating the
 * body, an answer echoing the request): the CPF, e-mail, phone and CEP sent are replaced by their
 * masks, as the screen shows them. Without it an echo would put them unmasked in the history's
 * messages, the result files and the terminal. The text is searched as written and with its
 * escapes read (`escapes.ts`), so `%40` and `&#64;` in an address or `\/` between digits hide
 * nothing.
 */
export function echoMask(transaction: Transaction): (text: string) => string {
  /** Each pattern with its mask, longest first, so a full phone number is masked whole. */
  const found: Array<{ pattern: string; mask: string; weight: number; needle: string }> = [];
  const add = (value: string | undefined, mask: string) => {
    if (value === undefined || value.length < 5) return;
    // Digits only: a short one (a 4-digit phone part) would mask ordinary numbers everywhere.
    const pattern = /^\d+$/.test(value) ? digitsPattern(value) : escapeRegExp(value);
    const needle = squeezed(value).replace(/^0+(?=\d)/, '');
    found.push({ pattern, mask, weight: value.length, needle });
  };
  const { cpf, email, phone, zipCode } = transaction;
  if (cpf !== undefined) add(normaliseCpf(cpf), maskCpf(normaliseCpf(cpf)));
  if (email !== undefined) add(email, maskEmail(email));
  if (phone !== undefined) {
    const mask = maskPhone(phone);
    add(phone.number, mask);
    add(`${phone.cityCode}${phone.number}`, mask);
    add(`${phone.countryCode}${phone.cityCode}${phone.number}`, mask);
  }
  if (zipCode !== undefined) add(zipCode.replace(/\D/g, ''), maskZip(zipCode));
  found.sort((a, b) => b.weight - a.weight);
  const masks = found.map((entry) => entry.mask);
  const alternatives = found.map((entry) => `(${entry.pattern})`);
  const needles = found.map((entry) => entry.needle);
  // Built on first use: most answers quote nothing, and a lookup runs for every row of a batch;
  // a text that holds none of the values once its separators are removed cannot match.
  let values: RegExp | undefined;
  const mayQuote = (text: string) => {
    const plain = squeezed(text);
    return needles.some((needle) => plain.includes(needle));
  };

  return (text) => {
    if (!/[\d@%&\\]/.test(text)) return text;
    const spans: Array<{ from: number; to: number; value: string }> = [];
    for (const reading of readingsOf(text)) {
      if (mayQuote(reading.text)) {
        values ??= new RegExp(alternatives.join('|'), 'giu');
        for (const match of reading.text.matchAll(values)) {
          // Which alternative matched: the first group that took part.
          const which = match
            .slice(1)
            .findIndex((group: string | undefined) => group !== undefined);
          const [from, to] = spanIn(reading, match.index, match.index + match[0].length);
          spans.push({ from, to, value: masks[which] ?? '***' });
        }
      }
      if (!reading.text.includes('@')) continue;
      for (const match of reading.text.matchAll(emailShape)) {
        const [from, to] = spanIn(reading, match.index, match.index + match[0].length);
        spans.push({ from, to, value: maskEmail(match[0]) });
      }
    }
    return replaceSpans(text, spans, (mask) => mask);
  };
}
