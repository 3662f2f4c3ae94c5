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
  return responseLine(responseColumns, separator) + responseLines(rows, separator);
}

/** The lines of `rows` without the header, as `responseCsv` writes them: a file built in pieces. */
export function responseLines(rows: ResponseVariableRow[], separator: ResponseSeparator): string {
  return rows
    .map((row) => responseLine([row.transactionId, row.deviceId, row.outcome], separator))
    .join('');
}

function responseLine(values: readonly string[], separator: ResponseSeparator): string {
  const field = (text: string): string =>
    text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  return values.map(field).join(separator) + '\r\n';
}
