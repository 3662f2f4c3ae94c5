/**
 * Reads the service's success answers: with the byte limit, as JSON, and with what is kept of an
 * answer that did not follow the interface. Secrets and a customer's data are hidden before
 * anything is cut: hidden after, a value the cut falls inside is no longer whole, so it is no
 * longer found, and its first characters stay.
 */
import type { FetchResponse } from './fetch-types';
import { fail, ok, type AppError, type Result } from '../../../shared/result';
import {
  capped,
  limitText,
  maxAnswerBytes,
  rawCopyChars,
  readBodyText,
  type NotUtf8,
} from './body';
import { duplicateKeys } from '../../../shared/domain/duplicate-keys';

/**
 * What hides the secrets in a text (the redactor) and, in an insight answer, the customer's data
 * of its request (the echo mask), applied to the whole text before it is cut.
 */
export type Hide = (text: string) => string;

/**
 * A JSON answer and its text, read with the byte limit. Too large, not UTF-8, not JSON, or giving
 * a field twice, is an `invalid_response` that says so, keeping a capped copy of the text.
 */
export async function readJson(
  response: FetchResponse,
  what: string,
  hide: Hide,
): Promise<Result<{ json: unknown; text: string }>> {
  const read = await readBodyText(response, maxAnswerBytes);
  const { status } = response;
  if (!read.ok)
    return fail(
      'invalid_response',
      `The service sent an ${what} larger than ${limitText(read.limitBytes)}; the app stopped reading it. Ask the service operator why.`,
      { status },
    );
  const kept = () => (read.text === '' ? {} : { rawBody: capped(hide(read.text)) });
  if (read.notUtf8)
    return fail('invalid_response', `The service sent an ${what} ${notUtf8Text(read.notUtf8)}.`, {
      status,
      ...kept(),
    });
  let json: unknown;
  try {
    json = JSON.parse(read.text);
  } catch {
    return fail('invalid_response', `The service sent an ${what} that is not JSON.`, {
      status,
      ...kept(),
    });
  }
  // JSON.parse keeps the last of a key sent twice, silently; keys differing in case are refused
  // by the answer checks for the same reason.
  const twice = duplicateKeys(read.text);
  if (twice.length > 0)
    return fail(
      'invalid_response',
      `The service sent an ${what} that gives the same field twice (${listed(twice)}): which one is meant cannot be known.`,
      { status, ...kept() },
    );
  return ok({ json, text: read.text });
}

/** A few names, and how many more: a hostile answer can repeat thousands. */
function listed(names: string[], most = 5): string {
  const shown = names.slice(0, most).join(', ');
  return names.length > most ? `${shown} and ${String(names.length - most)} more` : shown;
}

function notUtf8Text(problem: NotUtf8): string {
  if ('charset' in problem)
    return `in the character set ${problem.charset}, not in UTF-8 as the interface says`;
  const where =
    problem.byte === 'end'
      ? 'its last character is cut short'
      : `its byte ${String(problem.byte)} does not belong to a UTF-8 character`;
  return `that is not UTF-8 text, as the interface says it is: ${where}`;
}

/** An answer that does not follow the interface: what is wrong, field by field, and its start. */
export function invalidAnswer(
  { problems, fields }: { problems: string[]; fields: string[] },
  text: string,
  hide: Hide,
): { ok: false; error: AppError } {
  return refusedAnswer(
    `The service's answer does not follow the interface (${fields.join(', ')}); it was not stored as answered.`,
    problems,
    text,
    hide,
  );
}

/**
 * A 200 answer refused (`invalid_response`): why, the details, and the start of its text, hidden
 * (`hide`) before it is cut, so no part of a secret or of the customer's data survives at the cut.
 */
export function refusedAnswer(
  message: string,
  details: string[],
  text: string,
  hide: Hide,
): { ok: false; error: AppError } {
  return {
    ok: false,
    error: {
      code: 'invalid_response',
      message,
      status: 200,
      details,
      rawBody: capped(hide(text)),
    },
  };
}

/** What an upload's answer (undescribed by the interface) is kept as: JSON, or capped text. */
export async function readLoose(response: FetchResponse, hide: Hide): Promise<unknown> {
  const read = await readBodyText(response, maxAnswerBytes);
  // The file was accepted whatever the body says: that fact matters more than the body.
  if (!read.ok) return `The answer was larger than ${limitText(read.limitBytes)} and was not read.`;
  const { text } = read;
  if (text.trim() === '') return null;
  if (text.length > rawCopyChars) return capped(hide(text));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
