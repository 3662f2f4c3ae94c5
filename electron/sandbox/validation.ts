/**
 * Validation of an insights request body (spec 2.3, 2.4 and 8), written independently of the
 * client's rules in shared/domain so that a property test comparing the two means something.
 *
 * One message per invalid field, in the order of the spec's tables, worded like ASP.NET's data
 * annotations. `null` counts as absent (as in ASP.NET model binding); an empty string counts as
 * present and fails the length rule of an optional field, and an empty or all-blank string fails
 * the "required" rule of a required one.
 */

type Json = Record<string, unknown>;

const digitsOnly = /^[0-9]+$/;
const domainLabel = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
const topLevelLabel = /^[A-Za-z]{2,}$/;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isAbsent(value: unknown): value is null | undefined {
  return value === undefined || value === null;
}

function lengthMessage(name: string, min: number, max: number): string {
  return `The field ${name} must be a string with a minimum length of ${min} and a maximum length of ${max}.`;
}

function typeMessage(name: string): string {
  return `The field ${name} must be a string.`;
}

/** Checks a present value: a string within the length limits, optionally only digits. */
function checkString(
  value: unknown,
  name: string,
  min: number,
  max: number,
  digits: boolean,
): string | null {
  if (typeof value !== 'string') return typeMessage(name);
  if (value.length < min || value.length > max) return lengthMessage(name, min, max);
  if (digits && !digitsOnly.test(value)) return `The field ${name} must contain only digits.`;
  return null;
}

/**
 * .NET's white space (`char.IsWhiteSpace`): Unicode separators plus the C0 controls tab to
 * carriage return and NEL. Not JavaScript's `\s`, which adds U+FEFF and leaves out NEL.
 */
const dotnetBlank = /^[\t\n\v\f\r\u0085\p{Z}]*$/u;

/** Whether ASP.NET's [Required] takes this string as missing: empty or only white space. */
export function isBlank(value: string): boolean {
  return dotnetBlank.test(value);
}

/** ASP.NET's [Required] refuses null, an empty string and a string of only white space. */
function checkRequired(value: unknown, name: string, min: number, max: number): string | null {
  if (isAbsent(value) || (typeof value === 'string' && isBlank(value)))
    return `The ${name} field is required.`;
  return checkString(value, name, min, max, false);
}

/** Whether a value passes ExternalID's own rules: present, not blank, 6 to 64 characters. */
export function isValidExternalId(value: unknown): value is string {
  return checkRequired(value, 'ExternalID', 6, 64) === null;
}

/** True for 11 digits, not all the same, whose two check digits are right. */
export function isValidCpf(cpf: string): boolean {
  if (!/^[0-9]{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false;
  const digits = Array.from(cpf, Number);
  const checkDigit = (count: number): number => {
    let sum = 0;
    for (let i = 0; i < count; i += 1) sum += (digits[i] ?? 0) * (count + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return checkDigit(9) === digits[9] && checkDigit(10) === digits[10];
}

/** One @, a local part without whitespace, a dotted domain of clean labels, a TLD of letters. */
export function isValidEmail(email: string): boolean {
  const parts = email.split('@');
  if (parts.length !== 2) return false;
  const [local = '', domain = ''] = parts;
  if (local === '' || /\s/.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((label) => domainLabel.test(label))) return false;
  return topLevelLabel.test(labels[labels.length - 1] ?? '');
}

function checkCpf(value: unknown): string | null {
  if (isAbsent(value)) return null;
  const message = checkString(value, 'Cpf', 11, 11, false);
  if (message !== null) return message;
  return isValidCpf(value as string) ? null : 'The Cpf field is invalid.';
}

function checkEmail(value: unknown): string | null {
  if (isAbsent(value)) return null;
  const message = checkString(value, 'Email', 10, 256, false);
  if (message !== null) return message;
  return isValidEmail(value as string) ? null : 'The Email field is not a valid e-mail address.';
}

/** Phone rules (2.4): every part checked when present; both codes required when Number is. */
function checkPhone(value: unknown): string[] {
  if (isAbsent(value)) return [];
  if (!isObject(value)) return ['The field Phone must be an object.'];
  const numberGiven = !isAbsent(value.number);
  const messages: string[] = [];
  const codes: [unknown, string, number, number][] = [
    [value.countryCode, 'CountryCode', 1, 3],
    [value.cityCode, 'CityCode', 2, 3],
  ];
  for (const [code, name, min, max] of codes) {
    if (isAbsent(code)) {
      if (numberGiven) messages.push(`The ${name} field is required when Number is informed.`);
      continue;
    }
    const message = checkString(code, name, min, max, true);
    if (message !== null) messages.push(message);
  }
  if (numberGiven) {
    const message = checkString(value.number, 'Number', 8, 9, true);
    if (message !== null) messages.push(message);
  }
  return messages;
}

/**
 * Every problem of an insights request body, in a stable order; an empty list means valid.
 * Unknown fields are ignored, as the service's JSON binding does.
 */
export function validateTransaction(body: unknown): string[] {
  if (!isObject(body)) return ['The request body must be a JSON object.'];
  const messages = [
    checkRequired(body.sessionID, 'SessionID', 24, 64),
    checkRequired(body.externalID, 'ExternalID', 6, 64),
    checkCpf(body.cpf),
    checkEmail(body.email),
    ...checkPhone(body.phone),
    isAbsent(body.zipCode) ? null : checkString(body.zipCode, 'ZipCode', 8, 11, true),
  ];
  return messages.filter((message): message is string => message !== null);
}
