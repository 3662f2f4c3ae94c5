import type { Transaction } from '../domain/types';

/**
 * Requests sent one per line, each as JSON, in one string (a valid request holds no line feed:
 * its fields hold no control characters, and JSON escapes them anyway). A full sheet's requests
 * cross the IPC as bytes, not as a million objects rebuilt on the window's thread.
 */
export const maxRequestLine = 640;

/** The line of a validated request: the fields the service is sent, in a fixed order. */
export function requestLine(request: Transaction): string {
  const { sessionID, externalID, cpf, email, phone, zipCode } = request;
  return JSON.stringify({ sessionID, externalID, cpf, email, phone, zipCode });
}

const text = (value: unknown, max: number) => typeof value === 'string' && value.length <= max;
const optionalText = (value: unknown, max: number) => value === undefined || text(value, max);

function requestOf(line: string): Transaction | null {
  if (line.length > maxRequestLine) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const { sessionID, externalID, cpf, email, phone, zipCode } = parsed as Record<string, unknown>;
  const phoneOk =
    phone === undefined ||
    (typeof phone === 'object' &&
      phone !== null &&
      text((phone as Record<string, unknown>).countryCode, 3) &&
      text((phone as Record<string, unknown>).cityCode, 3) &&
      text((phone as Record<string, unknown>).number, 9));
  if (
    !text(sessionID, 64) ||
    !text(externalID, 64) ||
    !optionalText(cpf, 11) ||
    !optionalText(email, 256) ||
    !optionalText(zipCode, 11) ||
    !phoneOk
  )
    return null;
  return parsed as Transaction;
}

/** The requests of `lines` ('' is none), or null when a line is not one. */
export function requestsOfLines(lines: string): Transaction[] | null {
  if (lines === '') return [];
  const requests: Transaction[] = [];
  for (const line of lines.split('\n')) {
    const request = requestOf(line);
    if (request === null) return null;
    requests.push(request);
  }
  return requests;
}
