import path from 'node:path';
import { autoMapOutcomeColumns, outcomeHeaderRow } from '../../shared/outcomes';
import { outcomeColumnChoices } from '../../shared/outcomes/outcome-columns';
import type { OutcomeColumnMapping, OutcomeSheetRow } from '../../shared/outcomes/types';
import { headerTexts, readSpreadsheet, type Cell } from '../../shared/spreadsheet';
import { normaliseWords } from '../../shared/spreadsheet/header-names';
import { describeReplacedCells, replacedCells } from '../../shared/spreadsheet/replaced-characters';
import { lostDigitsAdvice } from '../../shared/spreadsheet/lost-digits';
import { columnName } from '../../shared/spreadsheet/problem';
import { errorCellAdvice, type ErrorCell } from '../../shared/spreadsheet/error-cells';
import { formulaCellAdvice, type FormulaCell } from '../../shared/spreadsheet/formula-cells';
import { hiddenRowCounter } from '../../shared/spreadsheet/hidden-rows';
import {
  sortOutcomeRows,
  type OutcomeDateCell,
  type OutcomeMergedCell,
} from '../../shared/outcomes/outcome-rows';
import { describeCoveredCell, mergedCellAdvice } from '../../shared/spreadsheet/merged-cells';
import { dateCellAdvice, describeColumnDateCell } from '../../shared/spreadsheet/date-cells';
import { counted, pluralForm } from '../../shared/count-text';
import { describeRepeatedHeader } from '../../shared/spreadsheet/repeated-headers';
import { legacyEncodingText } from './bulk-input';
import { FileError, UsageError } from './io';
import { readRefusal, readSpreadsheetFile } from './read-within';
import { otherSheetHint } from './sheet-hint';
import { shownHeaders } from '../../shared/spreadsheet/shown-headers';

/** Headers named on the command line; absent ones are found by name. */
export interface ColumnChoice {
  idColumn?: string;
  outcomeColumn?: string;
}

/** An outcomes spreadsheet, read and mapped. */
export interface OutcomeSheet {
  fileName: string;
  /** The sheet read, for a workbook; a CSV has none (null). */
  sheet: string | null;
  /** The headers the two columns were taken from. */
  columns: { transactionId: string; outcome: string };
  rows: OutcomeSheetRow[];
  /** Rows with an outcome but no transaction id. */
  blankIds: number[];
  /**
   * Rows whose transaction id Excel stored as a number of more than 15 digits: not the id typed,
   * so it could match the wrong lookup. Left out of `rows`, never applied.
   */
  lostDigits: Array<{ row: number; transactionId: string }>;
  /**
   * Rows whose transaction id cell Excel shows as a date (15/03/2023, read as 2023-03-15): not an
   * id, so it is not matched. Left out of `rows`, never applied.
   */
  dateCells: OutcomeDateCell[];
  /** Rows whose id or outcome cell holds an Excel error (#N/A): left out of `rows`, never applied. */
  errorCells: ErrorCell[];
  /** Rows whose id or outcome cell is a formula saved without its value: not applied. */
  formulaCells: FormulaCell[];
  /** Rows whose id or outcome cell is covered by merged cells (empty in the file): not applied. */
  mergedCells: OutcomeMergedCell[];
  /** What the analyst should know about the file: columns named alike, characters lost. */
  warnings: string[];
}

export type OutcomeSheetRead = { ok: true; value: OutcomeSheet } | { ok: false; message: string };

/** Header texts compared as people read them: case, accents and punctuation aside. */
function headerKey(text: string): string {
  return normaliseWords(text).join(' ');
}

function indexOfHeader(headers: string[], wanted: string): number | undefined {
  const index = headers.findIndex((header) => headerKey(header) === headerKey(wanted));
  return index < 0 ? undefined : index;
}

function mappingFor(headers: string[], choice: ColumnChoice): OutcomeColumnMapping {
  const found = autoMapOutcomeColumns(headers);
  return {
    transactionId:
      choice.idColumn === undefined ? found.transactionId : indexOfHeader(headers, choice.idColumn),
    outcome:
      choice.outcomeColumn === undefined
        ? found.outcome
        : indexOfHeader(headers, choice.outcomeColumn),
  };
}

/** The header row, found with the columns named on the command line (or by their names). */
function headerRowOf(rows: Cell[][], choice: ColumnChoice): number {
  return outcomeHeaderRow(rows, (headers) => mappingFor(headers, choice));
}

function missingColumns(
  headers: string[],
  mapping: OutcomeColumnMapping,
  choice: ColumnChoice,
): string[] {
  const missing: string[] = [];
  if (mapping.transactionId === undefined)
    missing.push(
      choice.idColumn === undefined
        ? 'no transaction id column (name it with --id-column HEADER)'
        : `no column '${choice.idColumn}'`,
    );
  if (mapping.outcome === undefined)
    missing.push(
      choice.outcomeColumn === undefined
        ? 'no outcome column (name it with --outcome-column HEADER)'
        : `no column '${choice.outcomeColumn}'`,
    );
  // A file without a header row: its first row is one customer's, masked as in any message.
  const found = shownHeaders(headers).filter(Boolean).join(', ') || 'none';
  return missing.length === 0 ? [] : [`${missing.join(' and ')}; headers found: ${found}.`];
}

const columnFlags = { transactionId: '--id-column', outcome: '--outcome-column' } as const;

/**
 * Which of several columns that could hold a field was used, and the flag that names another. A
 * column named on the command line was chosen, not guessed: only a namesake of it is worth saying.
 */
function columnChoiceWarnings(
  headers: string[],
  mapping: OutcomeColumnMapping,
  choice: ColumnChoice,
): string[] {
  const named = { transactionId: choice.idColumn, outcome: choice.outcomeColumn };
  const choices = outcomeColumnChoices(headers, mapping).filter(
    (found) => found.sameName || named[found.field] === undefined,
  );
  // A flag finds a header by name, so it cannot pick the second of two columns named alike.
  const flags = choices
    .filter((found) => !found.sameName)
    .map((found) => `${columnFlags[found.field]} HEADER`);
  return [
    ...choices.map(describeRepeatedHeader),
    ...(flags.length > 0
      ? [`to use another column, name its header with ${flags.join(' or ')}.`]
      : []),
  ];
}

/**
 * Reads an outcomes spreadsheet (xlsx, xls or csv) the way `dcdesk bulk` reads its input. A file
 * that cannot be read is a failure with its reason. A file without the columns found by name is
 * a file to fix (FileError, exit 1, as in `bulk`), listing the headers found so the analyst can
 * name them; a column named with --id-column or --outcome-column that no header matches is a
 * flag that does not fit the file (UsageError, exit 2, as --sheet naming no sheet is).
 */
export async function readOutcomeSheet(
  file: string,
  options: ColumnChoice & { sheet?: string; maxRows: number },
): Promise<OutcomeSheetRead> {
  const fileName = path.basename(file);
  const opened = await readSpreadsheetFile(file);
  if (!opened.ok) return opened;
  const { bytes } = opened;
  const read = readSpreadsheet(bytes, fileName, {
    sheet: options.sheet,
    limits: { maxRows: options.maxRows },
  });
  if (!read.ok) {
    // A --sheet naming no sheet of the workbook is the command line's mistake, as in bulk.
    const refusal = readRefusal(fileName, read.problem, options.sheet);
    if (refusal instanceof UsageError) throw refusal;
    return { ok: false, message: refusal.message };
  }
  // Ignoring --sheet would let the analyst believe the sheet named was the one read.
  if (read.value.kind === 'csv' && options.sheet !== undefined)
    throw new UsageError(`${fileName} is a CSV file: it has no sheets, so --sheet does not apply.`);
  const { rows } = read.value;
  const headerRow = headerRowOf(rows, options);
  const headers = headerTexts(rows, headerRow);
  const mapping = mappingFor(headers, options);
  const [missing] = missingColumns(headers, mapping, options);
  if (missing !== undefined) {
    // A cover page ("Resumo") may come first: name the sheet that has the columns, if one does.
    const hint =
      options.sheet === undefined
        ? otherSheetHint({
            bytes,
            fileName,
            sheetNames: read.value.sheetNames,
            sheet: read.value.sheet,
            maxRows: options.maxRows,
            fits: (sheetRows) => {
              const found = mappingFor(
                headerTexts(sheetRows, headerRowOf(sheetRows, options)),
                options,
              );
              return found.transactionId !== undefined && found.outcome !== undefined;
            },
            columns: 'a transaction id and an outcome column',
          })
        : '';
    const namedMissing =
      (options.idColumn !== undefined && mapping.transactionId === undefined) ||
      (options.outcomeColumn !== undefined && mapping.outcome === undefined);
    const message = `${fileName}: ${missing}${hint}`;
    throw namedMissing ? new UsageError(message) : new FileError(message);
  }
  const { kept, blankIds, lostDigits, dateCells, errorCells, formulaCells, mergedCells } =
    sortOutcomeRows(rows, headerRow, mapping, read.value.merges);
  const hidden = hiddenRowCounter(read.value.hiddenRows);
  for (const row of kept) hidden.see(row.row);
  const column = columnName(mapping.transactionId ?? 0);
  const idHeader = headers[mapping.transactionId ?? 0] ?? '';
  const outcomeHeader = headers[mapping.outcome ?? 0] ?? '';
  return {
    ok: true,
    value: {
      fileName,
      sheet: read.value.kind === 'csv' ? null : read.value.sheet,
      columns: {
        transactionId: idHeader,
        outcome: outcomeHeader,
      },
      rows: kept,
      blankIds,
      lostDigits,
      dateCells,
      errorCells,
      formulaCells,
      mergedCells,
      warnings: [
        ...[legacyEncodingText(fileName, read.value.encoding)].filter((text) => text !== null),
        ...(hidden.count > 0 ? [describeHidden(hidden.count, hidden.rows)] : []),
        ...listedCells(
          errorCells,
          ({ row, column, error }) =>
            `row ${String(row)}, column ${column}: the cell holds the Excel error ${error}, not a value. The row is not applied.`,
          { one: 'holds an Excel error', other: 'hold an Excel error' },
          errorCellAdvice,
        ),
        ...listedCells(
          formulaCells,
          ({ row, column }) =>
            `row ${String(row)}, column ${column}: the cell holds a formula saved without its value, so what Excel would show is not in the file. The row is not applied.`,
          { one: 'holds a formula without its value', other: 'hold a formula without its value' },
          formulaCellAdvice,
        ),
        ...listedCells(
          mergedCells,
          (cell) =>
            describeCoveredCell(
              cell.row,
              cell,
              cell.column === column ? idHeader : outcomeHeader,
              'The row is not applied.',
            ),
          {
            one: 'has a cell covered by merged cells',
            other: 'have a cell covered by merged cells',
          },
          mergedCellAdvice,
        ),
        ...columnChoiceWarnings(headers, mapping, options),
        ...[replacedCells(rows)]
          .filter((replaced) => replaced.count > 0)
          .map((replaced) => `${fileName}: ${describeReplacedCells(replaced)}`),
        ...listedCells(
          lostDigits,
          ({ row, transactionId }) =>
            `row ${String(row)}, column ${column}: ${transactionId} is a number of more than 15 digits (or in the exponent form Excel shows); Excel keeps only 15, so it is not the id typed. The row is not applied.`,
          { one: 'lost digits the same way', other: 'lost digits the same way' },
          lostDigitsAdvice,
        ),
        ...listedCells(
          dateCells,
          (cell) =>
            describeColumnDateCell(
              { ...cell, label: idHeader, value: cell.transactionId },
              'The row is not applied.',
            ),
          { one: 'has a date for an id the same way', other: 'have a date for an id the same way' },
          dateCellAdvice,
        ),
      ],
    },
  };
}

/** How many cells of one kind are said one by one; the rest are counted. */
const cellsSaid = 10;

/**
 * The warnings for the rows held back for one reason: the first `cellsSaid` each in a sentence
 * (`describe`), how many more (`more`: what each of them does, as `{ one: 'holds an Excel error',
 * other: 'hold an Excel error' }`), then what to do, said once.
 */
function listedCells<T>(
  cells: readonly T[],
  describe: (cell: T) => string,
  more: { one: string; other: string },
  advice: string,
): string[] {
  if (cells.length === 0) return [];
  const rest = cells.length - cellsSaid;
  return [
    ...cells.slice(0, cellsSaid).map(describe),
    ...(rest > 0 ? [`${counted(rest, 'more row', 'more rows')} ${pluralForm(rest, more)}.`] : []),
    advice,
  ];
}

/** A filter in an outcomes sheet is how it was looked at; its hidden rows are applied too. */
function describeHidden(count: number, rows: readonly number[]): string {
  const more = count > rows.length ? ` and ${String(count - rows.length)} more` : '';
  return `${counted(count, 'row is', 'rows are')} hidden in Excel (a filter or hidden rows); their outcomes are read like the others (${pluralForm(count, { one: 'row', other: 'rows' })} ${rows.join(', ')}${more}).`;
}
