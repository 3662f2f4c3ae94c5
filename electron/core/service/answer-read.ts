/**
 * Reads the service's success answers: with the byte limit, as JSON, and with what is kept of an
 * answer that did not follow the interface. Secrets are redacted before anything is cut.
 */
import type { FetchResponse } from './fetch-types';
import { fail, ok, type AppError, type Result } from '../../../shared/result';
import { capped, limitText, maxAnswerBytes, rawCopyChars, readBodyText } from './body';
import type { Redactor } from './redact';

/**
 * A JSON answer and its text, read with the byte limit. Too large, or not JSON, is an
 * `invalid_response` that says so; a body that is not JSON keeps a capped copy of its text.
 */
export async function readJson(
  response: FetchResponse,
  what: string,
  redactor: Redactor,
): Promise<Result<{ json: unknown; text: string }>> {
  const read = await readBodyText(response, maxAnswerBytes);
  const { status } = response;
  if (!read.ok)
    return fail(
      'invalid_response',
      `The service sent an ${what} larger than ${limitText(read.limitBytes)}; the app stopped reading it. Ask the service operator why.`,
      { status },
    );
  try {
    return ok({ json: JSON.parse(read.text) as unknown, text: read.text });
  } catch {
    return fail('invalid_response', `The service sent an ${what} that is not JSON.`, {
      status,
      ...(read.text === '' ? {} : { rawBody: capped(redactor.text(read.text)) }),
    });
  }
}

/** An answer that does not follow the interface: what is wrong, field by field, and its start. */
export function invalidAnswer(
  { problems, fields }: { problems: string[]; fields: string[] },
  text: string,
  redactor: Redactor,
): { ok: false; error: AppError } {
  return refusedAnswer(
    `The service's answer does not follow the interface (${fields.join(', ')}); it was not stored as answered.`,
    problems,
    text,
    redactor,
  );
}

/**
 * A 200 answer refused (`invalid_response`): why, the details, and the start of its text,
 * redacted before it is cut, so no part of a secret survives at the cut (the customer's data in
 * it is masked on its way out of the client).
 */
export function refusedAnswer(
  message: string,
  details: string[],
  text: string,
  redactor: Redactor,
): { ok: false; error: AppError } {
  return {
    ok: false,
    error: {
      code: 'invalid_response',
      message,
      status: 200,
      details,
      rawBody: capped(redactor.text(text)),
    },
  };
}

/** What an upload's answer (undescribed by the interface) is kept as: JSON, or capped text. */
export async function readLoose(response: FetchResponse, redactor: Redactor): Promise<unknown> {
  const read = await readBodyText(response, maxAnswerBytes);
  // The file was accepted whatever the body says: that fact matters more than the body.
  if (!read.ok) return `The answer was larger than ${limitText(read.limitBytes)} and was not read.`;
  const { text } = read;
  if (text.trim() === '') return null;
  if (text.length > rawCopyChars) return capped(redactor.text(text));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
