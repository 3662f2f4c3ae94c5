/**
 * The rules of a transaction (spec 2.3, 2.4, 8): a RawTransaction as an analyst gives it becomes a
 * normalised Transaction, or the full list of what is wrong with it.
 */
import { cpfProblem, normaliseCpf } from './cpf';
import { isEmailFormat } from './email';
import { lengthProblem, withinLimits } from './field-problem';
import type { FieldProblem, LimitedField } from './field-problem';
import { parsePhone } from './phone';
import { hasUnsafeCharacters, isDigits, present, unsafeCodePoints } from './text';
import type { RawTransaction, Transaction } from './types';

export { describeFieldProblem, transactionLimits } from './field-problem';
export type { FieldProblem, ProblemRule, TransactionField } from './field-problem';

export type TransactionCheck =
  { ok: true; value: Transaction } | { ok: false; problems: FieldProblem[] };

export interface ValidateOptions {
  /** Country code for phones given without one (`(11) 98765-4321`). Defaults to `55`. */
  defaultCountryCode?: string;
}

/**
 * Normalises and checks a transaction. Every value is trimmed and an empty one counts as absent;
 * the CPF loses its dots, dashes and slashes, the ZIP code its dashes, dots and spaces, and the
 * phone is read by `parsePhone`. All problems are reported at once (at most one per field, in the
 * order of the interface), so an analyst can fix a spreadsheet row in one go.
 *
 * The value omits absent optional fields (no `undefined` keys) and keeps the interface's key
 * order, so `JSON.stringify` gives exactly the request body.
 */
export function validateTransaction(
  raw: RawTransaction,
  options: ValidateOptions = {},
): TransactionCheck {
  const problems: FieldProblem[] = [];
  const note = (problem: FieldProblem | null) => {
    if (problem !== null) problems.push(problem);
  };

  // The interface constrains the identifiers by length only, so spaces and any printable text
  // pass (the property test against the sandbox checks this). Control and bidirectional
  // characters do not: no real ID holds them, and they would reach the service, the history and
  // the analyst's terminal unseen (NUL, BEL, ESC sequences, text shown reversed).
  const wellFormedId = (value: string) => !hasUnsafeCharacters(value);
  const sessionID = present(raw.sessionID);
  note(requiredText('sessionID', sessionID, wellFormedId));
  const externalID = present(raw.externalID);
  note(requiredText('externalID', externalID, wellFormedId));

  const cpfText = present(raw.cpf);
  const cpf = cpfText === undefined ? undefined : normaliseCpf(cpfText);
  if (cpf !== undefined) {
    const rule = cpfProblem(cpf);
    if (rule === 'length') note(lengthProblem('cpf'));
    else if (rule !== null) note({ field: 'cpf', rule });
  }

  const email = present(raw.email);
  if (email !== undefined) note(textProblem('email', email, isEmailFormat));

  const phone = parsePhone(
    {
      phone: raw.phone,
      countryCode: raw.countryCode,
      cityCode: raw.cityCode,
      phoneNumber: raw.phoneNumber,
    },
    options.defaultCountryCode,
  );
  problems.push(...phone.problems);

  const zipText = present(raw.zipCode);
  const zipCode = zipText?.replace(/[-.\s]/g, '');
  if (zipCode !== undefined) note(textProblem('zipCode', zipCode, isDigits));

  if (problems.length > 0 || sessionID === undefined || externalID === undefined) {
    return { ok: false, problems };
  }
  const value: Transaction = { sessionID, externalID };
  if (cpf !== undefined) value.cpf = cpf;
  if (email !== undefined) value.email = email;
  if (phone.phone !== undefined) value.phone = phone.phone;
  if (zipCode !== undefined) value.zipCode = zipCode;
  return { ok: true, value };
}

function requiredText(
  field: LimitedField,
  value: string | undefined,
  wellFormed: (value: string) => boolean,
): FieldProblem | null {
  if (value === undefined) return { field, rule: 'required' };
  return textProblem(field, value, wellFormed);
}

/** Format before length: a value with a forbidden character is wrong whatever its length. */
function textProblem(
  field: LimitedField,
  value: string,
  wellFormed: (value: string) => boolean,
): FieldProblem | null {
  if (!wellFormed(value)) {
    // An ID's unsafe characters are named: a zero-width space or a soft hyphen cannot be seen.
    const found = unsafeCodePoints(value).join(', ');
    return found === '' ? { field, rule: 'format' } : { field, rule: 'format', found };
  }
  return withinLimits(field, value) ? null : lengthProblem(field);
}
