/**
 * The service's clock, as its answer's `Date` header says it. The times a service writes in its
 * answers (a Retry-After date, a token's expiry date or JWT `exp`) are on its clock; a
 * workstation ten minutes slow would read a 30-second Retry-After as ten and a half minutes, and
 * one ten minutes fast would drop a five-minute expiry as already past. Measured against the
 * answer's own `Date`, they mean what the service meant, whatever the workstation's clock says.
 */
import type { FetchResponse } from './fetch-types';

/** The answer's `Date` in epoch ms, or `now` (the workstation's clock) without a readable one. */
export function serverNow(response: Pick<FetchResponse, 'headers'>, now: number): number {
  const header = response.headers.get('date');
  if (header === null) return now;
  const date = Date.parse(header);
  return Number.isNaN(date) ? now : date;
}
