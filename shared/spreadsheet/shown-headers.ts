/**
 * Column names as the app shows them (the Import screen's choices, `dcdesk`'s messages). A file
 * without a header row has its first row, one customer's, taken for the names: its CPF, e-mail
 * and phone must be masked there as in the rows below it.
 */
import { looksLikeData } from '../domain/data-like';
import { maskEmail, maskName } from '../domain/mask';
import { fieldOfHeader } from './header-names';

/**
 * A column's name where the header row holds a customer's data (a file without one, whose first
 * row is taken for the names): masked in its shape, so the columns can still be told apart
 * (`***.***.***-**`, `c***@exemplo.com.br`, `M*** S***`) while nothing of the person shows.
 */
export function maskedHeader(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '' || fieldOfHeader(trimmed) !== null) return trimmed;
  if (!/[\d@]/.test(trimmed)) return maskName(trimmed);
  return trimmed.replace(/[^\s<>;,()"']+@[^\s<>;,()"']+/g, maskEmail).replace(/\d/g, '*');
}

/** The column names the choices show: as written, or all masked when any holds data. */
export function shownHeaders(headers: readonly string[]): string[] {
  return headers.some(looksLikeData) ? headers.map(maskedHeader) : [...headers];
}

/**
 * A cell quoted where a column name or an outcome was expected (an outcome column that holds
 * CPFs, say): as written, unless it looks like a customer's data, then masked in its shape.
 */
export function shownCell(text: string): string {
  return looksLikeData(text) ? maskedHeader(text) : text;
}
