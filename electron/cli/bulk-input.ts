import { createHash } from 'node:crypto';
import path from 'node:path';
import {
  autoMapColumns,
  detectHeaderRow,
  findDuplicateExternalIds,
  headerTexts,
  type SourceRow,
} from '../../shared/spreadsheet';
import { columnChoices, type ColumnMapping } from '../../shared/spreadsheet/columns';
import type { Cell, CsvEncoding } from '../../shared/spreadsheet/types';
import { readSpreadsheetRows, type SheetRows } from '../../shared/spreadsheet/read';
import {
  addReplaced,
  describeReplacedCells,
  replacedCells,
  type ReplacedCells,
} from '../../shared/spreadsheet/replaced-characters';
import { describeRepeatedHeader } from '../../shared/spreadsheet/repeated-headers';
import {
  isPaddingNote,
  sourceRowOf,
  type PaddingNote,
} from '../../shared/spreadsheet/transactions';
import {
  describeLostDigits,
  errorCellFields,
  formulaCellFields,
  lostDigitsAdvice,
  lostDigitsFields,
  type LostDigitsCell,
} from '../../shared/spreadsheet/lost-digits';
import {
  describeErrorCell,
  errorCellAdvice,
  type FieldErrorCell,
} from '../../shared/spreadsheet/error-cells';
import {
  describeFormulaCell,
  formulaCellAdvice,
  type FieldFormulaCell,
} from '../../shared/spreadsheet/formula-cells';
import {
  coveredCells,
  describeMergedCell,
  mergedCellAdvice,
  mergedCells,
  type MergedCell,
} from '../../shared/spreadsheet/merged-cells';
import {
  dateCellAdvice,
  dateCells,
  describeDateCell,
  type FieldDateCell,
} from '../../shared/spreadsheet/date-cells';
import { columnName } from '../../shared/spreadsheet/problem';
import { hiddenRowCounter } from '../../shared/spreadsheet/hidden-rows';
import { FileError, UsageError, type Io } from './io';
import { readRefusal, readSpreadsheetFile, stdinName } from './read-within';
import { otherSheetHint } from './sheet-hint';
import { shown } from './terminal-text';
import { counted, pluralForm } from '../../shared/count-text';
import { looksLikeData } from '../../shared/domain/data-like';
import { shownHeaders } from '../../shared/spreadsheet/shown-headers';

export interface BulkInput {
  /**
   * The rows to store, read again from the file each time they are asked for: a full sheet of
   * CSV is never held as a million rows (see `readSpreadsheetRows`).
   */
  sourceRows: () => Iterable<SourceRow>;
  /** How many rows `sourceRows` gives (counted by the walk that checked them). */
  total: number;
  sha256: string;
  /** The sheet read, for a workbook; a CSV has none (null). */
  sheet: string | null;
}

/** What one walk through the rows finds for the analyst, before anything is stored or sent. */
interface Walk {
  total: number;
  replaced: ReplacedCells;
  /** Rows whose CPF or CEP lost leading zeros: how many, and the first ten. */
  padded: Record<PaddingNote, { count: number; rows: number[] }>;
  /** Cells that were numbers of more than 15 digits: how many, and the first ten. */
  lostDigits: { count: number; cells: LostDigitsCell[] };
  /** Cells that held an Excel error (#N/A): how many, and the first ten. */
  errorCells: { count: number; cells: FieldErrorCell[] };
  /** ID cells Excel shows as dates: how many, and the first ten. */
  dateCells: { count: number; cells: FieldDateCell[] };
  /** Formulas saved without their values: how many, and the first ten. */
  formulaCells: { count: number; cells: FieldFormulaCell[] };
  /** Mapped cells covered by merged cells: how many, and the first ten with their rows. */
  mergedCells: { count: number; cells: Array<{ row: number; cell: MergedCell }> };
  /** Data rows Excel hides (a filter, or by hand): how many, and the first ten. They are sent. */
  hidden: { count: number; rows: readonly number[] };
  duplicates: Array<{ externalID: string; rows: number[] }>;
}

const shownRows = 10;

function listed(rows: number[], count = rows.length): string {
  return count > shownRows
    ? `${rows.slice(0, shownRows).join(', ')} and ${String(count - shownRows)} more`
    : rows.join(', ');
}

/** The data rows below the header, as SourceRows; `each` sees every row's cells on the way. */
function* sourceRows(
  sheet: SheetRows,
  headerRow: number,
  mapping: ColumnMapping,
  each?: (cells: Cell[], index: number) => void,
): Generator<SourceRow> {
  let index = 0;
  const covered = coveredCells(sheet.merges, Object.values(mapping), headerRow);
  for (const cells of sheet.rows()) {
    each?.(cells, index);
    const source = index > headerRow ? sourceRowOf(cells, index, mapping, covered) : null;
    index += 1;
    if (source !== null) yield source;
  }
}

function walk(sheet: SheetRows, headerRow: number, mapping: ColumnMapping): Walk {
  const found: Walk = {
    total: 0,
    replaced: { count: 0, cells: [] },
    padded: { cpf_padded: { count: 0, rows: [] }, zip_padded: { count: 0, rows: [] } },
    lostDigits: { count: 0, cells: [] },
    errorCells: { count: 0, cells: [] },
    dateCells: { count: 0, cells: [] },
    formulaCells: { count: 0, cells: [] },
    mergedCells: { count: 0, cells: [] },
    hidden: { count: 0, rows: [] },
    duplicates: [],
  };
  const hidden = hiddenRowCounter(sheet.hiddenRows);
  const counting = function* () {
    const rows = sourceRows(sheet, headerRow, mapping, (cells, index) =>
      addReplaced(found.replaced, cells, index),
    );
    for (const row of rows) {
      found.total += 1;
      hidden.see(row.row);
      for (const note of row.notes) {
        if (!isPaddingNote(note)) continue;
        const padded = found.padded[note];
        padded.count += 1;
        if (padded.rows.length < shownRows) padded.rows.push(row.row);
      }
      for (const field of lostDigitsFields(row.notes)) {
        found.lostDigits.count += 1;
        if (found.lostDigits.cells.length < shownRows) {
          const column = columnName(mapping[field] ?? 0);
          found.lostDigits.cells.push({ row: row.row, column, field, value: row.raw[field] ?? '' });
        }
      }
      for (const field of errorCellFields(row.notes)) {
        found.errorCells.count += 1;
        if (found.errorCells.cells.length < shownRows) {
          const column = columnName(mapping[field] ?? 0);
          const error = row.raw[field]?.trim() ?? '';
          found.errorCells.cells.push({ row: row.row, column, field, error });
        }
      }
      for (const { field, shown } of dateCells(row.notes)) {
        found.dateCells.count += 1;
        if (found.dateCells.cells.length < shownRows) {
          const column = columnName(mapping[field] ?? 0);
          const value = row.raw[field] ?? '';
          found.dateCells.cells.push({ row: row.row, column, field, shown, value });
        }
      }
      for (const field of formulaCellFields(row.notes)) {
        found.formulaCells.count += 1;
        if (found.formulaCells.cells.length < shownRows)
          found.formulaCells.cells.push({
            row: row.row,
            column: columnName(mapping[field] ?? 0),
            field,
          });
      }
      for (const cell of mergedCells(row.notes)) {
        found.mergedCells.count += 1;
        if (found.mergedCells.cells.length < shownRows)
          found.mergedCells.cells.push({ row: row.row, cell });
      }
      yield row;
    }
  };
  found.duplicates = findDuplicateExternalIds(counting());
  found.hidden = { count: hidden.count, rows: hidden.rows };
  return found;
}

/** Tells the analyst what was noticed in the file before anything is stored or sent. */
function warn(found: Walk, io: Io): void {
  const { duplicates } = found;
  for (const duplicate of duplicates.slice(0, 10)) {
    io.err(
      `dcdesk: warning: external ID ${shown(duplicate.externalID)} appears on rows ${listed(duplicate.rows)}.`,
    );
  }
  if (duplicates.length > 10)
    io.err(
      `dcdesk: warning: ${counted(duplicates.length - 10, 'more external ID', 'more external IDs')} ${pluralForm(duplicates.length - 10, { one: 'appears', other: 'appear' })} more than once.`,
    );
  warnLostDigits(found.lostDigits, io);
  warnErrorCells(found.errorCells, io);
  warnDateCells(found.dateCells, io);
  warnFormulaCells(found.formulaCells, io);
  warnMergedCells(found.mergedCells, io);
  const hidden = found.hidden;
  if (hidden.count > 0)
    io.err(
      `dcdesk: note: ${counted(hidden.count, 'row is', 'rows are')} hidden in Excel (a filter or hidden rows); ${pluralForm(hidden.count, { one: 'it is', other: 'they are' })} imported like the others (${pluralForm(hidden.count, { one: 'row', other: 'rows' })} ${listed([...hidden.rows], hidden.count)}).`,
    );
  const padded = {
    cpf_padded: { one: 'CPF cell was a number', other: 'CPF cells were numbers', digits: 11 },
    zip_padded: { one: 'CEP cell was a number', other: 'CEP cells were numbers', digits: 8 },
  } as const;
  for (const [note, what] of Object.entries(padded) as Array<
    [keyof typeof padded, (typeof padded)[keyof typeof padded]]
  >) {
    const { count, rows } = found.padded[note];
    if (count > 0)
      io.err(
        `dcdesk: note: ${counted(count, what.one, what.other)} shorter than ${String(what.digits)} digits; ${pluralForm(count, { one: 'its', other: 'their' })} leading zeros were restored (${pluralForm(count, { one: 'row', other: 'rows' })} ${listed(rows, count)}).`,
      );
  }
}

/**
 * Reads and maps a spreadsheet. A problem of the file itself is a FileError (exit 1) with its
 * reason; a flag that does not fit the file (--sheet on a CSV, or naming no sheet of the
 * workbook) is a UsageError (exit 2).
 */
export async function readBulkInput(
  file: string,
  options: { sheet?: string; maxRows: number },
  io: Io,
): Promise<BulkInput> {
  const name = file === '-' ? stdinName : path.basename(file);
  const opened = await readSpreadsheetFile(file);
  if (!opened.ok) throw new FileError(opened.message);
  const sha256 = createHash('sha256').update(opened.bytes).digest('hex');
  const read = readSpreadsheetRows(opened.bytes, name, {
    sheet: options.sheet,
    limits: { maxRows: options.maxRows },
  });
  if (!read.ok) throw readRefusal(name, read.problem, options.sheet);
  const sheet = read.value;
  // Ignoring --sheet would let the analyst believe the sheet named was the one read.
  if (sheet.kind === 'csv' && options.sheet !== undefined)
    throw new UsageError(`${name} is a CSV file: it has no sheets, so --sheet does not apply.`);
  const legacy = legacyEncodingText(name, sheet.encoding);
  if (legacy !== null) io.err(`dcdesk: note: ${legacy}`);
  const headerRow = detectHeaderRow(sheet.top);
  const headers = headerTexts(sheet.top, headerRow);
  const mapping = autoMapColumns(headers);
  const missing = (['sessionID', 'externalID'] as const).filter(
    (field) => mapping[field] === undefined,
  );
  if (missing.length > 0) {
    warnReplaced(name, replacedCells(sheet.rows()), io);
    // A file without a header row: its first row is one customer's, masked as in any message.
    const found = shownHeaders(headers).filter(Boolean).join(', ') || 'empty';
    const noHeader = headers.some(looksLikeData)
      ? ' That row holds values (a CPF, an e-mail, a phone, an ID), not column names: give the file a header row naming its columns.'
      : '';
    // The first sheet may be a notes or summary sheet: name the one with the columns, if any.
    const hint =
      options.sheet === undefined
        ? otherSheetHint({
            bytes: opened.bytes,
            fileName: name,
            sheetNames: sheet.sheetNames,
            sheet: sheet.sheet,
            maxRows: options.maxRows,
            fits: (rows) => {
              const columns = autoMapColumns(headerTexts(rows, detectHeaderRow(rows)));
              return columns.sessionID !== undefined && columns.externalID !== undefined;
            },
            columns: 'a session ID and an external ID column',
          })
        : '';
    throw new FileError(
      `${name}: no column for ${missing.join(' and ')} in the header row (${found}).${noHeader}${hint}`,
    );
  }
  const found = walk(sheet, headerRow, mapping);
  warnReplaced(name, found.replaced, io);
  const choices = columnChoices(headers, mapping);
  for (const choice of choices) io.err(`dcdesk: warning: ${shown(describeRepeatedHeader(choice))}`);
  if (choices.length > 0) io.err(`dcdesk: warning: ${otherColumnAdvice}`);
  if (found.total === 0)
    throw new FileError(`${name}: the sheet has a header row but no data rows.`);
  warn(found, io);
  return {
    sourceRows: () => sourceRows(sheet, headerRow, mapping),
    total: found.total,
    sha256,
    sheet: sheet.kind === 'csv' ? null : sheet.sheet,
  };
}

/** `dcdesk bulk` maps columns by their names only, so the way to another column is the file. */
const otherColumnAdvice =
  'dcdesk bulk has no option to choose a column: to use another, rename or delete the columns not wanted in a copy of the file, or import the file in the app, where each column can be chosen.';

/** Each cell (the first ten) on its own line: the analyst goes to it in the sheet. */
function warnLostDigits(lost: Walk['lostDigits'], io: Io): void {
  if (lost.count === 0) return;
  for (const cell of lost.cells) io.err(`dcdesk: warning: ${shown(describeLostDigits(cell))}`);
  const more = lost.count - lost.cells.length;
  if (more > 0)
    io.err(
      `dcdesk: warning: ${counted(more, 'more cell', 'more cells')} lost digits the same way; their rows are not sent either.`,
    );
  io.err(`dcdesk: warning: ${lostDigitsAdvice}`);
}

function warnErrorCells(errors: Walk['errorCells'], io: Io): void {
  if (errors.count === 0) return;
  for (const cell of errors.cells) io.err(`dcdesk: warning: ${shown(describeErrorCell(cell))}`);
  const more = errors.count - errors.cells.length;
  if (more > 0)
    io.err(
      `dcdesk: warning: ${counted(more, 'more cell holds', 'more cells hold')} an Excel error; their rows are not sent either.`,
    );
  io.err(`dcdesk: warning: ${errorCellAdvice}`);
}

function warnFormulaCells(formulas: Walk['formulaCells'], io: Io): void {
  if (formulas.count === 0) return;
  for (const cell of formulas.cells) io.err(`dcdesk: warning: ${describeFormulaCell(cell)}`);
  const more = formulas.count - formulas.cells.length;
  if (more > 0)
    io.err(
      `dcdesk: warning: ${counted(more, 'more cell holds', 'more cells hold')} a formula without its value; their rows are not sent either.`,
    );
  io.err(`dcdesk: warning: ${formulaCellAdvice}`);
}

function warnDateCells(dates: Walk['dateCells'], io: Io): void {
  if (dates.count === 0) return;
  for (const cell of dates.cells) io.err(`dcdesk: warning: ${shown(describeDateCell(cell))}`);
  const more = dates.count - dates.cells.length;
  if (more > 0)
    io.err(
      `dcdesk: warning: ${counted(more, 'more ID cell is', 'more ID cells are')} a date the same way; their rows are not sent either.`,
    );
  io.err(`dcdesk: warning: ${dateCellAdvice}`);
}

function warnMergedCells(merged: Walk['mergedCells'], io: Io): void {
  if (merged.count === 0) return;
  for (const { row, cell } of merged.cells)
    io.err(`dcdesk: warning: ${shown(describeMergedCell(row, cell))}`);
  const more = merged.count - merged.cells.length;
  if (more > 0)
    io.err(
      `dcdesk: warning: ${counted(more, 'more cell is', 'more cells are')} part of merged cells the same way; their rows are not sent either.`,
    );
  io.err(`dcdesk: warning: ${mergedCellAdvice}`);
}

function warnReplaced(name: string, replaced: ReplacedCells, io: Io): void {
  if (replaced.count > 0)
    io.err(`dcdesk: warning: ${shown(name)}: ${shown(describeReplacedCells(replaced))}`);
}

/**
 * Nothing in a CSV file says its encoding, so the bytes decide (text-decode.ts). The window
 * shows the choice; the command line says it when the file is not UTF-8, so an ID whose accents
 * came out wrong is traced to the file's encoding.
 */
export function legacyEncodingText(name: string, encoding: CsvEncoding | undefined): string | null {
  if (encoding !== 'windows-1252' && encoding !== 'mac-roman') return null;
  const read = encoding === 'windows-1252' ? 'Windows-1252' : 'Mac Roman';
  return `${shown(name)} is not UTF-8; it was read as ${read}.`;
}
