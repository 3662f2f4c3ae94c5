/**
 * The one entry point for reading an analyst's spreadsheet: bytes in, one sheet of text cells or
 * one problem out. It never throws, so a worker or the command line can show any file's problem
 * the same way.
 */
import { readCsv, streamCsv } from './csv-stream';
import { headerSearchRows } from './header';
import { deflateEnds } from './deflate-check';
import { resolveLimits } from './limits';
import { fileTooLarge } from './problem';
import { OverlappingMerges, readSheet } from './sheet';
import { sniffContent, type Sniffed } from './sniff';
import { checkZip } from './zip-check';
import { addMisreadCells, hiddenRowsOf, readXlsx } from './xlsx/read-xlsx';
import type { Limits } from './limits';
import type { ZipEntry } from './zip-check';
import type {
  Cell,
  CsvEncoding,
  MergedArea,
  ReadProblem,
  ReadResult,
  SpreadsheetKind,
} from './types';
import { messageOf } from '../message-of';

export interface ReadOptions {
  /** The sheet to read; by default the first visible one. Ignored for CSV. */
  sheet?: string;
  /** Overrides of `defaultLimits`. */
  limits?: Partial<Limits>;
}

/**
 * Reads an xlsx, xls or CSV file. The kind comes from the content (a zip is xlsx, an OLE2
 * compound file is xls, text is CSV), so a misnamed file still reads and a renamed program is
 * refused; `fileName` only names the sheet of a CSV. Order of checks: size of the file, then for
 * xlsx the zip directory (zip bombs are refused before anything is unpacked) and a walk through
 * each compressed part (a damaged one is refused before the parser loops on it), then parsing,
 * then rows, columns and cell sizes. A sheet with more rows than the limit is refused, never cut.
 *
 * A file holding only a header row is `ok` (rows has one row): the caller reports "no data rows"
 * after it has chosen the header row.
 */
export function readSpreadsheet(
  bytes: Uint8Array,
  fileName: string,
  options: ReadOptions = {},
): ReadResult {
  try {
    const limits = resolveLimits(options.limits);
    const sniffed = sniffFile(bytes, limits);
    switch (sniffed.kind) {
      case 'refused':
        return refuse(sniffed.problem);
      case 'zip':
        return readZip(bytes, options.sheet, limits);
      case 'ole2':
        return readWorkbook(bytes, 'xls', options.sheet, limits);
      case 'text':
        return readText(bytes, fileName, limits);
    }
  } catch (error) {
    // Defence in depth: every known failure is already a problem; this catches the unknown.
    return refuse(unreadable(error));
  }
}

function readZip(bytes: Uint8Array, sheet: string | undefined, limits: Limits): ReadResult {
  const zip = checkZip(bytes, limits);
  if (!zip.ok) return refuse(zip.problem);
  if (!isWorkbook(zip.entries)) {
    return refuse({
      code: 'unsupported',
      message:
        'The file is a zip archive but not an Excel workbook (it may be a Word or OpenDocument ' +
        'file, or a zip of files). Choose an .xlsx, .xls or .csv file.',
    });
  }
  // The xlsx reader inflates with a decoder that checks its bounds and each part's size.
  const fast = readXlsx(bytes, zip.entries, sheet, limits);
  if (fast !== undefined)
    return fast.ok ? { ok: true, value: { kind: 'xlsx', ...fast.value } } : fast;
  const broken = zip.entries.find(
    (entry) =>
      entry.method === 8 &&
      !deflateEnds(
        bytes.subarray(entry.dataOffset, entry.dataOffset + entry.packedBytes),
        entry.unpackedBytes,
      ),
  );
  // SheetJS would loop forever on such a part (see deflate-check.ts), so it never sees one.
  if (broken) return refuse(workbookError(new Error(`part ${broken.name} is damaged`), 'xlsx'));
  const read = readWorkbook(bytes, 'xlsx', sheet, limits);
  // SheetJS gives an xlsx's hidden rows only when it parses every style too (see sheet.ts): they
  // are read from the sheet's XML, so the analyst is told of them whichever reader read the file.
  if (read.ok && read.value.hiddenRows === undefined) {
    const hidden = hiddenRowsOf(bytes, zip.entries, read.value.sheet, read.value.rows.length);
    if (!hidden.ok) return refuse(hidden.problem);
    if (hidden.value.length > 0) read.value.hiddenRows = hidden.value;
  }
  if (read.ok) addMisreadCells(bytes, zip.entries, read.value.sheet, read.value.rows, limits);
  return read;
}

function unreadable(error: unknown): ReadProblem {
  return {
    code: 'corrupt',
    message: 'The file could not be read. Open it in Excel, save it again and retry.',
    detail: messageOf(error),
  };
}

/** What the file is, after the checks every kind shares: not empty, not over the size limit. */
function sniffFile(bytes: Uint8Array, limits: Limits): Sniffed {
  if (bytes.length === 0) {
    return { kind: 'refused', problem: { code: 'empty', message: 'The file is empty.' } };
  }
  if (bytes.length > limits.maxFileBytes) {
    return { kind: 'refused', problem: fileTooLarge(bytes.length, limits) };
  }
  return sniffContent(bytes);
}

/** One sheet as rows to walk, for the command line's bulk run (see `readSpreadsheetRows`). */
export interface SheetRows {
  kind: SpreadsheetKind;
  sheetNames: string[];
  sheet: string;
  /** The first rows, where the header is looked for. */
  top: Cell[][];
  /** Every row, from the first, each time it is called. */
  rows: () => Iterable<Cell[]>;
  /** Rows Excel hides, 1-based and in order (see `Workbook`). */
  hiddenRows?: number[];
  /** Merged cells with a value (see `Workbook`). */
  merges?: MergedArea[];
  /** For a CSV file: the text encoding it was read in (see text-decode.ts). */
  encoding?: CsvEncoding;
}

/**
 * `readSpreadsheet` for a caller that walks the rows once or twice rather than holding them: a
 * CSV is checked in one pass and its rows are parsed again from its text when asked for (see
 * `streamCsv`), so a full sheet never exists as a million rows of cells. Workbooks are read as
 * by `readSpreadsheet`. The same problems, in the same order.
 */
export function readSpreadsheetRows(
  bytes: Uint8Array,
  fileName: string,
  options: ReadOptions = {},
): { ok: true; value: SheetRows } | { ok: false; problem: ReadProblem } {
  try {
    const limits = resolveLimits(options.limits);
    if (sniffFile(bytes, limits).kind === 'text') {
      const stream = streamCsv(bytes, limits);
      if (!stream.ok) return stream;
      const sheet = csvSheetName(fileName);
      const { top, rows, encoding } = stream.value;
      return { ok: true, value: { kind: 'csv', sheetNames: [sheet], sheet, top, rows, encoding } };
    }
  } catch (error) {
    return { ok: false, problem: unreadable(error) };
  }
  const read = readSpreadsheet(bytes, fileName, options);
  if (!read.ok) return read;
  const { kind, sheetNames, sheet, rows, hiddenRows, merges } = read.value;
  const top = rows.slice(0, headerSearchRows);
  const value: SheetRows = { kind, sheetNames, sheet, top, rows: () => rows };
  if (hiddenRows !== undefined) value.hiddenRows = hiddenRows;
  if (merges !== undefined) value.merges = merges;
  return { ok: true, value };
}

/** Office Open XML names its parts in `[Content_Types].xml`; a workbook has `workbook.xml`. */
function isWorkbook(entries: ZipEntry[]): boolean {
  const names = entries.map((entry) => entry.name.toLowerCase());
  return (
    names.includes('[content_types].xml') &&
    names.some((name) => name.endsWith('workbook.xml') || name.endsWith('workbook.bin'))
  );
}

function readWorkbook(
  bytes: Uint8Array,
  kind: SpreadsheetKind,
  sheet: string | undefined,
  limits: Limits,
): ReadResult {
  try {
    const read = readSheet(bytes, sheet, limits);
    return read.ok ? { ok: true, value: { kind, ...read.value } } : read;
  } catch (error) {
    if (error instanceof OverlappingMerges) return refuse(error.problem);
    return refuse(workbookError(error, kind));
  }
}

/** Words a SheetJS failure for the analyst; its own message goes to `detail`. */
function workbookError(error: unknown, kind: SpreadsheetKind): ReadProblem {
  const detail = messageOf(error);
  if (/password|encrypt/i.test(detail)) {
    return {
      code: 'unsupported',
      message:
        'The workbook is protected with a password. Open it in Excel, remove the password ' +
        '(File > Info > Protect Workbook) and save it again.',
      detail,
    };
  }
  if (kind === 'xls' && /Cannot find Workbook stream/i.test(detail)) {
    return {
      code: 'unsupported',
      message: 'The file is an Office document but not an Excel workbook (a Word file, perhaps).',
      detail,
    };
  }
  return {
    code: 'corrupt',
    message:
      `The file looks like an Excel workbook (.${kind}) but is damaged or incomplete. ` +
      'Open it in Excel and save it again, or fetch it again if it was downloaded.',
    detail,
  };
}

function readText(bytes: Uint8Array, fileName: string, limits: Limits): ReadResult {
  const read = readCsv(bytes, limits);
  if (!read.ok) return read;
  const sheet = csvSheetName(fileName);
  return { ok: true, value: { kind: 'csv', sheetNames: [sheet], sheet, ...read.value } };
}

/** `C:\exports\pedidos.csv` → `pedidos`, as Excel names the sheet of an opened CSV. */
function csvSheetName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const name = base.includes('.') ? base.slice(0, base.lastIndexOf('.')) : base;
  return name === '' ? 'Sheet1' : name;
}

function refuse(problem: ReadProblem): ReadResult {
  return { ok: false, problem };
}
