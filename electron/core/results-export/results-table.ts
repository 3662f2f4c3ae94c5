import { csvRow, type OutValue } from '../../../shared/spreadsheet';
import { outputColumns, toOutputRecord, type OutputRecord } from '../bulk/output';
import type { StoredRow } from '../store/rows.repo';
import { exportWords } from './export-labels';
import type { ExportStyle } from './export-style';

/** The header of the app's results files in the style's language, in `outputColumns` order. */
export function exportHeader(style: Pick<ExportStyle, 'language'>): string[] {
  const { headers } = exportWords[style.language];
  return outputColumns.map((column) => headers[column]);
}

/**
 * One row of the app's results files: codes become the words the screen shows (`ok` → Answered /
 * Respondida, `medium` → Medium / Médio, `Legítima` → Legitimate / Legítima), numbers stay
 * numbers (numeric cells in xlsx). Lists are text: insight codes and devices joined by spaces,
 * messages by ` | `, the maximum scores with the style's decimal mark.
 */
export function exportCells(row: StoredRow, style: ExportStyle): OutValue[] {
  const words = exportWords[style.language];
  const record: OutputRecord = toOutputRecord(row);
  return outputColumns.map((column): OutValue => {
    switch (column) {
      case 'status':
        return words.status[record.status ?? 'pending'];
      case 'deviceRisk':
        return record.deviceRisk === null ? null : words.risk[record.deviceRisk];
      case 'Resultado':
        return record.Resultado === null ? null : words.review[record.Resultado];
      case 'maximumScore':
        return (
          record.maximumScore
            ?.map((score) => (style.decimal === ',' ? String(score).replace('.', ',') : score))
            .join(' ') ?? null
        );
      case 'messages':
        return record.messages?.join(' | ') ?? null;
      default: {
        const value = record[column];
        return Array.isArray(value) ? value.join(' ') : value;
      }
    }
  });
}

/**
 * The results CSV in pieces of about 64 KB, a row at a time, so memory stays flat whatever the
 * batch size: UTF-8 text with a byte order mark first (as every CSV the app writes, so Excel
 * reads accents right), the style's separator and decimal mark, formula-like text neutralised.
 */
export function* resultsCsvChunks(
  rows: Iterable<StoredRow>,
  style: ExportStyle,
): Generator<string> {
  const options = { separator: style.separator, decimal: style.decimal };
  let chunk = '\ufeff' + csvRow(exportHeader(style), options);
  for (const row of rows) {
    chunk += csvRow(exportCells(row, style), options);
    // Some rows per piece: a write per row costs more than the row itself.
    if (chunk.length > 64 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk;
}
