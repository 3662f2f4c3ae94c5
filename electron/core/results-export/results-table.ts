import { csvRow, listCell, type OutValue } from '../../../shared/spreadsheet';
import { outputColumns, toOutputRecord, type OutputRecord } from '../bulk/output';
import type { StoredRow } from '../store/rows.repo';
import type { SheetValue } from '../xlsx-writer/sheet-xml';
import { exportWords, type ExportLanguage } from './export-labels';
import type { ExportStyle } from './export-style';
import { describeExportProblem } from './problem-words';

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A moment as the results files write it, in local time (the clock the analyst reads on screen):
 * `26/11/2026 22:39:34` in Portuguese, `11/26/2026 22:39:34` in English. The CSV writes this text
 * and the XLSX shows its date cells with the same pattern (`exportDateFormat`), so both files say
 * the same thing; Excel reads the text back as a date in the language's region.
 */
export function exportDateText(at: Date, language: ExportLanguage): string {
  const day = two(at.getDate());
  const month = two(at.getMonth() + 1);
  const date = language === 'pt-BR' ? `${day}/${month}` : `${month}/${day}`;
  const time = `${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
  return `${date}/${String(at.getFullYear())} ${time}`;
}

/** The Excel number format of the XLSX date cells: the pattern of `exportDateText`. */
export function exportDateFormat(language: ExportLanguage): string {
  return language === 'pt-BR' ? 'dd/mm/yyyy hh:mm:ss' : 'mm/dd/yyyy hh:mm:ss';
}

/** A stored ISO time as a moment, or null when absent or unreadable. */
function moment(iso: string | null): Date | null {
  if (iso === null) return null;
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The header of the app's results files in the style's language, in `outputColumns` order. */
export function exportHeader(style: Pick<ExportStyle, 'language'>): string[] {
  const { headers } = exportWords[style.language];
  return outputColumns.map((column) => headers[column]);
}

/**
 * One row of the app's results files: codes become the words the screen shows (`ok` → Answered /
 * Respondida, `medium` → Medium / Médio, `Legítima` → Legitimate / Legítima), numbers stay
 * numbers (numeric cells in xlsx), the outcome's time is a moment (a date cell in xlsx, local
 * text in CSV: `csvCells`). Lists are text written by `listCell` (items apart with ` | `, a bar or
 * backslash inside one escaped): insight codes, devices, messages (a held-back row's problems in
 * the style's language), the maximum scores with the style's decimal mark.
 */
export function exportCells(row: StoredRow, style: ExportStyle): SheetValue[] {
  const words = exportWords[style.language];
  const record: OutputRecord = toOutputRecord(row);
  return outputColumns.map((column): SheetValue => {
    switch (column) {
      case 'status':
        return words.status[record.status ?? 'pending'];
      case 'deviceRisk':
        return record.deviceRisk === null ? null : words.risk[record.deviceRisk];
      case 'Resultado':
        return record.Resultado === null ? null : words.review[record.Resultado];
      case 'maximumScore':
        return record.maximumScore
          ? listCell(
              record.maximumScore.map((score) =>
                style.decimal === ',' ? String(score).replace('.', ',') : score,
              ),
            )
          : null;
      case 'messages':
        // A held-back row's problems in the file's language; the service's messages as it sent them.
        return row.status === 'invalid' && row.problems.length > 0
          ? listCell(row.problems.map((problem) => describeExportProblem(problem, style.language)))
          : record.messages
            ? listCell(record.messages)
            : null;
      case 'outcomeSetAt':
        return moment(record.outcomeSetAt);
      default: {
        const value = record[column];
        return Array.isArray(value) ? listCell(value) : value;
      }
    }
  });
}

/** A row's cells for the CSV: moments as the language writes them (`exportDateText`). */
function csvCells(row: StoredRow, style: ExportStyle): OutValue[] {
  return exportCells(row, style).map((value) =>
    value instanceof Date ? exportDateText(value, style.language) : value,
  );
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
    chunk += csvRow(csvCells(row, style), options);
    // Some rows per piece: a write per row costs more than the row itself.
    if (chunk.length > 64 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk;
}
