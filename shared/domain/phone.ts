/**
 * Phone numbers as analysts write them, turned into the interface's Phone (spec 2.4): a country
 * code, an area code (DDD) and the number, each digits only.
 */
import { lengthProblem, withinLimits } from './field-problem';
import type { FieldProblem, LimitedField } from './field-problem';
import { isDigits, present } from './text';
import type { Phone } from './types';

/**
 * Brazil's area codes (DDD), as Anatel assigns them: two digits, 11 to 99, none starting with 0
 * (a leading 0 is the long-distance trunk prefix, dialled before the DDD, not part of it).
 */
const brazilianAreaCodes = new Set(
  [
    '11 12 13 14 15 16 17 18 19 21 22 24 27 28 31 32 33 34 35 37 38 41 42 43 44 45 46 47 48 49',
    '51 53 54 55 61 62 63 64 65 66 67 68 69 71 73 74 75 77 79 81 82 83 84 85 86 87 88 89',
    '91 92 93 94 95 96 97 98 99',
  ]
    .join(' ')
    .split(' '),
);

const brazil = '55';

/**
 * A long-distance prefix before a DDD: the trunk 0, alone or with a 2-digit carrier code
 * (`011`, `02111`: 0, carrier 21, DDD 11). The DDD is what the service is sent.
 */
const trunkPrefixed = /^0(?:\d\d)?(\d\d)$/;

/**
 * Brazil's non-geographic numbers: `0800`, `0300`, `0500`, `0900` (with or without the 0), and
 * the nationwide `3003-…`/`4004-…` numbers given without a DDD. They have no area code, so no
 * DDD can be sent for them.
 */
const nonGeographicPrefix = /^0?[3589]00$/;
const nonGeographicDigits = /^0[3589]00\d{6,7}$/;
const nationwideNumber = /^[34]00\d{5}$/;

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
  /** A Brazilian non-geographic number (`0800 …`): no part of it is an area code. */
  nonGeographic?: boolean;
  /** Digits outside Brazil in which nothing marks where the area code ends. */
  unmarkedAreaCode?: boolean;
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
 * country code: all three; up to 9: number only).
 *
 * Counting digits is Brazil's rule (a 2-digit DDD), so it applies only when the phone is
 * Brazilian: by its own `+55`, else by the country-code column, else by the default. Elsewhere
 * area codes have other lengths (New York's is 212), so a phone of more than 9 digits whose area
 * code is not marked (parentheses, its own column, or a space after `+CC`) is
 * `area_code_unmarked` rather than split by a guess.
 *
 * Parts the whole string states (or implies by its digit count) win; the separate parts fill what
 * it lacks; the default country code fills a missing country code only when an area code is
 * known. A number without an area code is `phone_incomplete`. Codes without a number mean "no
 * phone" and are not checked. Empty strings count as absent.
 *
 * Brazilian phones (country code 55) are also read as dialled within Brazil: the long-distance
 * prefix before the DDD (`(011)`, `011 …`, `0xx11 …`, `0 21 11 …` with a carrier code) is
 * dropped wherever it is written, since the interface's cityCode is the DDD alone; an area code
 * Brazil does not have is `area_code`, and a non-geographic number (`0800 …`, `4004-…`) is
 * `phone_non_geographic`: it has no DDD to send.
 */
export function parsePhone(input: PhoneInput, defaultCountryCode = '55'): PhoneParse {
  const country = defaultCountryCode.replace(/^\+/, '');
  const columnCountry = part(input.countryCode, /[+\s]/g);
  const whole = present(input.phone);
  // The whole phone is read in the country the row gives, not always in the default one; a
  // column that is not digits is reported below, and the phone is read as if it were empty.
  const rowCountry =
    columnCountry !== undefined && isDigits(columnCountry) ? columnCountry : country;
  const parsed = whole === undefined ? {} : parseWholePhone(whole, rowCountry);
  if (parsed === null) return { problems: [{ field: 'phone', rule: 'format' }] };
  if (parsed.nonGeographic) return { problems: [nonGeographic] };
  if (parsed.unmarkedAreaCode)
    return { problems: [{ field: 'phone', rule: 'area_code_unmarked' }] };

  const number = parsed.number ?? part(input.phoneNumber, /[-.\s]/g);
  if (number === undefined) return { problems: [] };
  // A DDD column may carry the trunk prefix too, as `0xx11` or `011`.
  const givenCity = parsed.cityCode ?? part(input.cityCode, /[()\s]/g)?.replace(/^0xx/i, '0');
  const countryCode =
    parsed.countryCode ?? columnCountry ?? (givenCity === undefined ? undefined : country);
  const inBrazil = (countryCode ?? country) === brazil;
  const cityCode = inBrazil && givenCity !== undefined ? withoutTrunk(givenCity) : givenCity;
  if (
    inBrazil &&
    (cityCode === undefined ? nationwideNumber : nonGeographicPrefix).test(cityCode ?? number)
  ) {
    return { problems: [nonGeographic] };
  }

  const problems: FieldProblem[] = [];
  if (cityCode === undefined) problems.push({ field: 'phone', rule: 'phone_incomplete' });
  checkPart('phone.countryCode', countryCode, problems);
  checkPart('phone.cityCode', cityCode, problems);
  checkPart('phone.number', number, problems);
  if (problems.length > 0 || countryCode === undefined || cityCode === undefined) {
    return { problems };
  }
  if (inBrazil && !brazilianAreaCodes.has(cityCode)) {
    return { problems: [{ field: 'phone.cityCode', rule: 'area_code' }] };
  }
  return { phone: { countryCode, cityCode, number }, problems };
}

const nonGeographic: FieldProblem = { field: 'phone', rule: 'phone_non_geographic' };

/** A Brazilian area code without the long-distance prefix dialled before it. */
function withoutTrunk(cityCode: string): string {
  return trunkPrefixed.exec(cityCode)?.[1] ?? cityCode;
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

/**
 * The parts a whole phone string gives, or null when it cannot be read. `country` is the one the
 * row gives (its column, else the default), for a string that does not state its own.
 */
function parseWholePhone(text: string, country: string): PhoneParts | null {
  // `0xx11`, `(0xx11)`, `0 XX 11`: the trunk 0 and a carrier code left to choose; read as `011`.
  const groups = scanGroups(text.replace(/^(\(?)\s*0\s*x\s*x\s*/i, '$10'));
  if (groups === null) return null;
  const [first, ...others] = groups;
  if (first === undefined) return null;
  if (others.length === 0 && !first.paren) {
    return first.plus
      ? splitInternational(first.digits, country, true)
      : splitDigits(first.digits, country);
  }
  if (groups.filter((group) => group.paren).length > 1) return null;

  const countryCode = first.plus ? first.digits : undefined;
  const rest = first.plus ? others : groups;
  const parenAt = rest.findIndex((group) => group.paren);
  if (parenAt >= 0) {
    // `(11) …`, `+55 (11) …` or `55 (11) …`: what precedes the parentheses is the country code,
    // but for `0 (11) …` or `021 (11) …`, the trunk prefix (and a carrier code) of Brazil.
    if (parenAt > 1 || (parenAt === 1 && countryCode !== undefined)) return null;
    const before = parenAt === 1 ? rest[0]?.digits : undefined;
    const trunk = country === brazil && before !== undefined && /^0(?:\d\d)?$/.test(before);
    return {
      countryCode: parenAt === 1 && !trunk ? before : countryCode,
      cityCode: rest[parenAt]?.digits,
      number: joinDigits(rest.slice(parenAt + 1)),
    };
  }
  // Without `+` or parentheses, spaces and dashes say nothing reliable: count the digits.
  if (countryCode === undefined) return splitDigits(joinDigits(groups) ?? '', country);
  const [city, ...numberGroups] = rest;
  if (city === undefined) return { countryCode };
  if (numberGroups.length === 0) {
    const national = splitNational(city.digits, countryCode);
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
  if (country !== brazil) return splitNational(digits, country);
  const national = splitNational(digits, country);
  if (national !== null) return national;
  return splitInternational(digits, country);
}

/**
 * Digits after a known country code: up to 9 are the number. In Brazil, 10–11 start with a
 * 2-digit DDD, and digits that start with 0 are dialled with the long-distance prefix: `0` + DDD
 * + number (11–12 digits), `0` + carrier code + DDD + number (13–14), or a non-geographic number.
 * Elsewhere the length of the area code is not known, so more than 9 digits are not split.
 */
function splitNational(digits: string, country: string): PhoneParts | null {
  if (country !== brazil) return digits.length <= 9 ? { number: digits } : unmarked;
  if (digits.startsWith('0')) {
    if (nonGeographicDigits.test(digits)) return { nonGeographic: true };
    if (digits.length === 11 || digits.length === 12) return splitDdd(digits.slice(1));
    if (digits.length === 13 || digits.length === 14) return splitDdd(digits.slice(3));
    return null;
  }
  return splitDdd(digits);
}

const unmarked: PhoneParts = { unmarkedAreaCode: true };

/** Brazilian digits without the trunk prefix: up to 9 are the number, 10–11 DDD + number. */
function splitDdd(digits: string): PhoneParts | null {
  if (digits.length <= 9) return { number: digits };
  if (digits.length <= 11) return { cityCode: digits.slice(0, 2), number: digits.slice(2) };
  return null;
}

/**
 * Digits that start with a country code (`+5511987654321`). Only the row's country code (or,
 * after `+`, Brazil's: no other country code starts with 55) can be told apart from the rest; a
 * `+` with up to 3 digits is a country code alone.
 */
function splitInternational(digits: string, country: string, plus = false): PhoneParts | null {
  if (digits.length <= 3) return { countryCode: digits };
  const code = plus && digits.startsWith(brazil) ? brazil : country;
  if (!digits.startsWith(code)) return null;
  if (code !== brazil) return unmarked;
  const rest = digits.slice(code.length);
  if (rest.length < 10) return null;
  const national = splitNational(rest, code);
  // The number alone (up to 9 digits) is not enough after a country code: the DDD is needed.
  if (national === null || (national.cityCode === undefined && !national.nonGeographic))
    return null;
  return { countryCode: code, ...national };
}
