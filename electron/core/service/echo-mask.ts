import { normaliseCpf } from '../../../shared/domain/cpf';
import { maskCpf, maskEmail, maskPhone, maskZip } from '../../../shared/domain/mask';
import type { Transaction } from '../../../shared/domain/types';
import { encodedFinder } from './encoded-forms';
import { readingsOf, replaceSpans, spanIn } from './escapes';

/**
 * What replaces a customer's value written in base64 or hex (a request body echoed encoded), as
 * `[redacted]` replaces a secret: its mask, written there, would read as more base64.
 */
export const maskedMark = '[masked]';

/**
 * Any e-mail address, in any script: a service has no reason to quote one, so every one it quotes
 * is masked. Letters beyond ASCII count, or `joão@…` would keep `joã` in view, and so do marks:
 * a server may write `ã` decomposed (NFD), as `a` and a combining tilde.
 */
export const emailShape = /[\p{L}\p{M}\p{N}_.+'-]+@[\p{L}\p{M}\p{N}-]+(?:\.[\p{L}\p{M}\p{N}-]+)+/gu;

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
 * An e-mail address or its local part as written, except that its `+` may come back as a space:
 * a server reading the body as a form (or logging it decoded) turns `ana+x@…` into `ana x@…`.
 */
const addressPattern = (text: string) => escapeRegExp(text).replaceAll('\\+', '[+\\s]');

/**
 * A text in both Unicode normal forms (a server may decompose `ã`), as secrets are searched for;
 * one form when they agree, as in ASCII, which needs no look.
 */
function normalForms(text: string): string[] {
  // eslint-disable-next-line no-control-regex
  if (/^[\u0000-\u007f]*$/.test(text)) return [text];
  return [...new Set([text.normalize('NFC'), text.normalize('NFD')])];
}

/**
 * Fewer digits than this match ordinary numbers everywhere (a 4-digit phone part, the `191` left
 * of CPF 000.000.001-91 without its zeros, nothing at all left of a CEP of zeros): such a number
 * is searched for only whole.
 */
const fewestDigits = 5;

/** The digits a text must hold to quote `digits`: without its leading zeros, if enough are left. */
function quotedDigits(digits: string): string {
  const rest = digits.replace(/^0+/, '');
  return rest.length >= fewestDigits ? rest : digits;
}

/**
 * The digits of a number however they are grouped: `82963300751` also matches `829633007-51` and
 * `8 2 9 6 3 3 0 0 7 5 1`, but not inside a longer number. Leading zeros may be missing, as when
 * a server reads the number as a number, unless too few digits would be left (`quotedDigits`);
 * a `+` or `(` just before goes with it (`+55`, `(11)`).
 * A part of a number (`standalone`: a CPF's nine digits without its check digits) must stand
 * alone: not joined to other digits by a dot, dash or slash either (`829633007-512` is another).
 */
function digitsPattern(digits: string, standalone = false): string {
  const needed = quotedDigits(digits);
  const zeros = digits.length - needed.length;
  // Digits only (the caller checked), so splitting by UTF-16 unit splits by character.
  const rest = needed.split('').join(separator);
  const leading = zeros > 0 ? `(?:${Array(zeros).fill('0').join(separator)}${separator})?` : '';
  if (standalone) return `(?<!\\d[.\\-/]?)${leading}${rest}(?![.\\-/]?\\d)`;
  return `(?<![\\d])[+(]?${leading}${rest}(?![\\d])`;
}

/** Characters that go on a word of an e-mail address's local part: it stands alone without them. */
const localChars = "\\p{L}\\p{M}\\p{N}_+'\\-";

/**
 * An e-mail address's local part as a word of its own (`mailbox maria.silva at exemplo.com.br`),
 * not inside a longer one (`maria.silva.junior`); a sentence's full stop may follow it.
 */
function localPartPattern(local: string): string {
  return `(?<![${localChars}.])${addressPattern(local)}(?![${localChars}]|\\.[${localChars}])`;
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
  /** Each value with its mask; its pattern is written only if a text may quote it. */
  const found: Array<{ form: string; pattern: (form: string) => string; mask: string }> = [];
  const add = (value: string | undefined, mask: string, pattern?: (form: string) => string) => {
    if (value === undefined || value.length < 5) return;
    for (const form of normalForms(value)) {
      // Digits only: a short one (a 4-digit phone part) would mask ordinary numbers everywhere.
      found.push({
        form,
        mask,
        pattern: pattern ?? (/^\d+$/.test(form) ? digitsPattern : escapeRegExp),
      });
    }
  };
  const { cpf, email, phone, zipCode } = transaction;
  const digits = cpf === undefined ? undefined : normaliseCpf(cpf);
  if (digits !== undefined) {
    add(digits, maskCpf(digits));
    // Its nine digits without the check digits, echoed apart from them ("base 529982247 dv 25").
    if (/^\d{11}$/.test(digits))
      add(digits.slice(0, 9), maskCpf(digits).replace(/-\*\*$/, ''), (base) =>
        digitsPattern(base, true),
      );
  }
  /** The e-mail's local part, squeezed: a text that holds nothing else may hold that. */
  let localParts: string[] = [];
  if (email !== undefined) {
    const mask = maskEmail(email);
    add(email, mask, addressPattern);
    // Its local part echoed apart from the domain ("mailbox maria.silva at exemplo.com.br").
    const local = email.slice(0, Math.max(0, email.lastIndexOf('@')));
    add(local, mask.slice(0, mask.lastIndexOf('@')), localPartPattern);
    if (local.length >= 5) localParts = normalForms(local.toLowerCase()).map(squeezed);
  }
  const zip = zipCode?.replace(/\D/g, '');
  const numbers = [digits, zip];
  if (phone !== undefined) {
    const mask = maskPhone(phone);
    const phones = [
      phone.number,
      `${phone.cityCode}${phone.number}`,
      `${phone.countryCode}${phone.cityCode}${phone.number}`,
    ];
    for (const number of phones) add(number, mask);
    numbers.push(...phones);
  }
  add(zip, zipCode === undefined ? '' : maskZip(zipCode));
  // The values as the request sends them, written in base64 or hex: replaced by `maskedMark`.
  const encoded = encodedFinder(
    email === undefined ? [] : normalForms(email),
    numbers.filter((value): value is string => value !== undefined && /^\d{8,}$/.test(value)),
  );
  // A digit value's needle is what its pattern cannot match without (`quotedDigits`).
  const needles = found.map((entry) =>
    /^\d+$/.test(entry.form) ? quotedDigits(entry.form) : squeezed(entry.form),
  );
  // Built on first use: most answers quote nothing, and a lookup runs for every row of a batch;
  // a text that holds none of the values once its separators are removed cannot match.
  let values: RegExp | undefined;
  // Longest first, so a full phone number is masked whole, not as its number alone.
  const ordered = () => [...found].sort((a, b) => b.form.length - a.form.length);
  let masks: string[] = [];
  const valuesPattern = () => {
    const entries = ordered();
    masks = entries.map((entry) => entry.mask);
    return new RegExp(entries.map((entry) => `(${entry.pattern(entry.form)})`).join('|'), 'giu');
  };
  const mayQuote = (text: string) => {
    const plain = squeezed(text);
    return needles.some((needle) => plain.includes(needle));
  };

  return (text) => {
    // Without a digit, an @ or an escape a text can quote nothing but the e-mail's local part, or
    // a value encoded.
    const quick = !/[\d@%&\\]/.test(text);
    if (quick && !localParts.some((part) => squeezed(text).includes(part)) && !encoded.may(text))
      return text;
    const spans: Array<{ from: number; to: number; value: string }> = [];
    for (const reading of readingsOf(text)) {
      for (const [at, end] of encoded.find(reading.text)) {
        const [from, to] = spanIn(reading, at, end);
        spans.push({ from, to, value: maskedMark });
      }
      if (mayQuote(reading.text)) {
        values ??= valuesPattern();
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
