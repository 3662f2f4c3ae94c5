/**
 * Phone numbers as analysts write them, turned into the interface's Phone (spec 2.4): a country
 * code, an area code (DDD) and the number, each digits only.
 */
import { lengthProblem, withinLimits } from './field-problem';
import type { FieldProblem, LimitedField } from './field-problem';
import { isDigits, present } from './text';
import type { Phone } from './types';

/** The phone of a raw transaction: whole (`phone`), in parts, or both. */
export interface PhoneInput {
  phone?: string;
  countryCode?: string;
  cityCode?: string;
  phoneNumber?: string;
}

/** `phone` is set only when there is a number and no problem. */
export interface PhoneParse {
  phone?: Phone;
  problems: FieldProblem[];
}

interface PhoneParts {
  countryCode?: string | undefined;
  cityCode?: string | undefined;
  number?: string | undefined;
}

/** A run of digits of the whole string, with the marks that give it a meaning. */
interface Group {
  digits: string;
  plus: boolean;
  paren: boolean;
}

/**
 * Reads the phone of a transaction. The whole string accepts `+55 (11) 98765-4321`,
 * `+55 11 98765 4321`, `(11) 98765-4321`, `11987654321`, `5511987654321`, `+5511987654321` and a
 * bare `987654321`. Only `+` (country code) and parentheses (area code) give separated groups a
 * meaning; otherwise the digits are counted (10–11: area code + number; 12–13 starting with the
 * default country code: all three; up to 9: number only).
 *
 * Parts the whole string states (or implies by its digit count) win; the separate parts fill what
 * it lacks; the default country code fills a missing country code only when an area code is
 * known. A number without an area code is `phone_incomplete`. Codes without a number mean "no
 * phone" and are not checked. Empty strings count as absent.
 */
export function parsePhone(input: PhoneInput, defaultCountryCode = '55'): PhoneParse {
  const country = defaultCountryCode.replace(/^\+/, '');
  const whole = present(input.phone);
  const parsed = whole === undefined ? {} : parseWholePhone(whole, country);
  if (parsed === null) return { problems: [{ field: 'phone', rule: 'format' }] };

  const number = parsed.number ?? part(input.phoneNumber, /[-.\s]/g);
  if (number === undefined) return { problems: [] };
  const cityCode = parsed.cityCode ?? part(input.cityCode, /[()\s]/g);
  const countryCode =
    parsed.countryCode ??
    part(input.countryCode, /[+\s]/g) ??
    (cityCode === undefined ? undefined : country);

  const problems: FieldProblem[] = [];
  if (cityCode === undefined) problems.push({ field: 'phone', rule: 'phone_incomplete' });
  checkPart('phone.countryCode', countryCode, problems);
  checkPart('phone.cityCode', cityCode, problems);
  checkPart('phone.number', number, problems);
  if (problems.length > 0 || countryCode === undefined || cityCode === undefined) {
    return { problems };
  }
  return { phone: { countryCode, cityCode, number }, problems };
}

/** A separately given part without its usual decoration, or undefined when blank. */
function part(value: string | undefined, decoration: RegExp): string | undefined {
  const text = present(value);
  return text === undefined ? undefined : present(text.replace(decoration, ''));
}

function checkPart(field: LimitedField, value: string | undefined, problems: FieldProblem[]) {
  if (value === undefined) return;
  if (!isDigits(value)) problems.push({ field, rule: 'format' });
  else if (!withinLimits(field, value)) problems.push(lengthProblem(field));
}

/** The parts a whole phone string gives, or null when it cannot be read. */
function parseWholePhone(text: string, country: string): PhoneParts | null {
  const groups = scanGroups(text);
  if (groups === null) return null;
  const [first, ...others] = groups;
  if (first === undefined) return null;
  if (others.length === 0 && !first.paren) {
    return first.plus
      ? splitInternational(first.digits, country)
      : splitDigits(first.digits, country);
  }
  if (groups.filter((group) => group.paren).length > 1) return null;

  const countryCode = first.plus ? first.digits : undefined;
  const rest = first.plus ? others : groups;
  const parenAt = rest.findIndex((group) => group.paren);
  if (parenAt >= 0) {
    // `(11) …`, `+55 (11) …` or `55 (11) …`: what precedes the parentheses is the country code.
    if (parenAt > 1 || (parenAt === 1 && countryCode !== undefined)) return null;
    return {
      countryCode: parenAt === 1 ? rest[0]?.digits : countryCode,
      cityCode: rest[parenAt]?.digits,
      number: joinDigits(rest.slice(parenAt + 1)),
    };
  }
  // Without `+` or parentheses, spaces and dashes say nothing reliable: count the digits.
  if (countryCode === undefined) return splitDigits(joinDigits(groups) ?? '', country);
  const [city, ...numberGroups] = rest;
  if (city === undefined) return { countryCode };
  if (numberGroups.length === 0) {
    const national = splitNational(city.digits);
    return national && { countryCode, ...national };
  }
  return { countryCode, cityCode: city.digits, number: joinDigits(numberGroups) };
}

/**
 * Splits the text into digit groups. Separators are spaces, `-` and `.`; `+` may only open the
 * first group; parentheses must hold digits only. Anything else makes the text unreadable.
 */
function scanGroups(text: string): Group[] | null {
  const token = /(\+)?(\d+)|\(\s*(\d+)\s*\)|[\s.-]+/y;
  const groups: Group[] = [];
  while (token.lastIndex < text.length) {
    const match = token.exec(text);
    if (match === null) return null;
    const digits = match[2] ?? match[3];
    if (digits === undefined) continue;
    const plus = match[1] !== undefined;
    if (plus && groups.length > 0) return null;
    groups.push({ digits, plus, paren: match[3] !== undefined });
  }
  return groups;
}

function joinDigits(groups: Group[]): string | undefined {
  const digits = groups.map((group) => group.digits).join('');
  return digits === '' ? undefined : digits;
}

/** Digits without any mark: number only, area code + number, or country + area + number. */
function splitDigits(digits: string, country: string): PhoneParts | null {
  const national = splitNational(digits);
  if (national !== null) return national;
  return splitInternational(digits, country);
}

/** Digits after a known country code: up to 9 are the number; 10–11 start with a 2-digit DDD. */
function splitNational(digits: string): PhoneParts | null {
  if (digits.length <= 9) return { number: digits };
  if (digits.length <= 11) return { cityCode: digits.slice(0, 2), number: digits.slice(2) };
  return null;
}

/**
 * Digits that start with a country code (`+5511987654321`). Only the default country code can be
 * told apart from the rest; a `+` with up to 3 digits is a country code alone.
 */
function splitInternational(digits: string, country: string): PhoneParts | null {
  if (digits.length <= 3) return { countryCode: digits };
  const rest = digits.slice(country.length);
  if (!digits.startsWith(country) || rest.length < 10 || rest.length > 11) return null;
  return { countryCode: country, cityCode: rest.slice(0, 2), number: rest.slice(2) };
}
