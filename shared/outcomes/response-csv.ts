/**
 * The CSV text of a response-variable file. Written here rather than with `toCsv` from
 * shared/spreadsheet/write.ts: that module brings SheetJS along, which the renderer keeps out of
 * its main bundle, and this file is for the service, not for a spreadsheet, so nothing in it is
 * neutralised: every value goes out exactly as the rows carry it.
 */
import type { ResponseVariableRow } from '../domain/types';
import { responseColumns } from './types';
import type { ResponseSeparator } from './types';

/**
 * The header `ID Transacional,DeviceId,Resultado`, then one line per row, in order, each line
 * ended by CRLF (RFC 4180), the last included. A field holding the separator, a quote, CR or LF
 * is quoted, its quotes doubled; nothing else is changed (no trimming, no byte order mark).
 * Encode the text with `TextEncoder` (UTF-8).
 */
export function responseCsv(
  rows: ResponseVariableRow[],
  separator: ResponseSeparator = ',',
): string {
  const field = (text: string): string =>
    text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  const line = (values: readonly string[]) => values.map(field).join(separator) + '\r\n';
  return (
    line(responseColumns) +
    rows.map((row) => line([row.transactionId, row.deviceId, row.outcome])).join('')
  );
}
