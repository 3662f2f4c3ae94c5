import type { Transaction } from '../../../shared/domain/types';
import type { PreparedRow } from './prepared-row';

/** What a row stores of its request besides its columns (migration 0010). */
export interface StoredRequest {
  /** The request as JSON, only when the columns cannot give it back exactly. */
  storedRequest: string | null;
  /** Lengths of the phone's country and city codes, as tens and units. */
  phoneSplit: number | null;
}

const rebuiltKeys = new Set(['sessionID', 'externalID', 'cpf', 'email', 'phone', 'zipCode']);

/** The phone's split, or undefined when `phone` (the joined digits) cannot be split back. */
function splitOf(request: Transaction, phone: string | null): number | null | undefined {
  if (!request.phone) return phone === null ? null : undefined;
  const { countryCode, cityCode, number } = request.phone;
  if (countryCode.length > 9 || cityCode.length > 9) return undefined;
  if (phone !== `${countryCode}${cityCode}${number}`) return undefined;
  return countryCode.length * 10 + cityCode.length;
}

/**
 * The row's request is rebuilt from its columns (`requestFromColumns`) when they hold exactly its
 * fields; any row they cannot (a field the columns do not know, a code of ten digits) keeps its
 * JSON whole, so no request is ever sent other than as it was stored.
 */
export function storedRequestOf(row: PreparedRow): StoredRequest {
  const { request } = row;
  if (!request) return { storedRequest: null, phoneSplit: null };
  const phoneSplit = splitOf(request, row.phone);
  const exact =
    phoneSplit !== undefined &&
    Object.entries(request).every(
      ([key, value]) => rebuiltKeys.has(key) && (typeof value === 'string' || key === 'phone'),
    ) &&
    row.sessionId === request.sessionID &&
    row.externalId === request.externalID &&
    row.cpf === (request.cpf ?? null) &&
    row.email === (request.email ?? null) &&
    row.zipCode === (request.zipCode ?? null);
  return exact
    ? { storedRequest: null, phoneSplit }
    : { storedRequest: JSON.stringify(request), phoneSplit: null };
}
