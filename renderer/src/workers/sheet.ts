/**
 * One sheet of a spreadsheet held by a worker, and the summary the screen receives of it. Shared by
 * the transaction import and the outcomes import: both keep the rows in the worker and send the
 * screen only the first rows, to choose the header row.
 */
import { headerSearchRows } from '../../../shared/spreadsheet/header';
import { readSpreadsheet } from '../../../shared/spreadsheet/read';
import type {
  Cell,
  CsvEncoding,
  MergedArea,
  ReadProblem,
  SpreadsheetKind,
} from '../../../shared/spreadsheet/types';

/** One sheet as read, without its rows beyond the first 20. */
export interface SheetInfo {
  kind: SpreadsheetKind;
  sheetNames: string[];
  sheet: string;
  /** Sheets Excel does not show (see `Workbook`). */
  hiddenSheets?: string[];
  encoding?: CsvEncoding;
  delimiter?: string;
  /** Rows of the sheet, the header and anything above it included. */
  rowCount: number;
  /** The first 20 rows: the candidates for the header row. */
  topRows: Cell[][];
  /** The header row the worker chose, 0-based. */
  headerRow: number;
}

export type SheetResult = { ok: true; sheet: SheetInfo } | { ok: false; problem: ReadProblem };

/** The file a worker keeps between requests. */
export interface HeldFile {
  bytes: Uint8Array;
  name: string;
  maxRows: number;
}

/**
 * Reads one sheet (the first when none is named) of the held file: its rows, for the requests that
 * follow, and the summary for the screen, with the header row `headerRowOf` picks.
 */
export function readHeldSheet(
  file: HeldFile | null,
  sheet: string | undefined,
  headerRowOf: (rows: Cell[][]) => number,
): { rows: Cell[][]; hiddenRows: number[]; merges: MergedArea[]; result: SheetResult } {
  if (file === null)
    return {
      rows: [],
      hiddenRows: [],
      merges: [],
      result: { ok: false, problem: { code: 'empty', message: 'No file has been read yet.' } },
    };
  const read = readSpreadsheet(file.bytes, file.name, {
    ...(sheet === undefined ? {} : { sheet }),
    limits: { maxRows: file.maxRows },
  });
  if (!read.ok) return { rows: [], hiddenRows: [], merges: [], result: read };
  // The hidden rows and merged cells stay in the worker with the rows: a filtered full sheet
  // lists a million, and the screen is told of merged cells through the rows' problems.
  const { rows, hiddenRows = [], merges = [], ...workbook } = read.value;
  return {
    rows,
    hiddenRows,
    merges,
    result: {
      ok: true,
      sheet: {
        ...workbook,
        rowCount: rows.length,
        topRows: rows.slice(0, headerSearchRows),
        headerRow: headerRowOf(rows),
      },
    },
  };
}
