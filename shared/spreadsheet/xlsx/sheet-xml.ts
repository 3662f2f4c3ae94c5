/**
 * One worksheet's rows, read from its XML as it is inflated, with the same cell meanings as the
 * SheetJS read it replaces (see cell-text.ts): a full sheet is about 400 MB of XML, which SheetJS
 * holds whole, as a string and again as cell objects. Here only the rows up to the cap become
 * cells; the rest are counted.
 *
 * The cap is of filled rows, as the row limit counts them: blank rows among them are read too,
 * so a sheet within the limit is read whole however many blank rows it has. A row past Excel's
 * last (1,048,576) is refused (`pastLastRow`): no Excel writes one, reading up to it would hold
 * millions of empty rows, and SheetJS drops it without a word.
 */
import { isoDateCell, numberCell } from '../cell-text';
import { formulaCell } from '../formula-cells';
import { excelErrorTexts } from '../error-cells';
import { isFilled } from '../grid';
import { maxSpreadsheetRows } from '../limits';
import type { Cell, MergedArea } from '../types';
import type { ZipEntry } from '../zip-check';
import { stringItem } from './shared-strings';
import type { StyleFormat } from './styles-xml';
import { NotPlainXlsx, XlsxRefused } from './workbook-xml';
import { pastLastRow as pastLastRowProblem } from '../problem';
import {
  attributesOf,
  detached,
  elementAfter,
  nextElement,
  tagsOf,
  unescapeXml,
  type Element,
} from './xml-text';
import { eachElementRun } from './zip-parts';

export interface SheetContext {
  strings: readonly string[];
  /** How each style shows numbers (see styles-xml.ts); a style past the list shows plain digits. */
  styles: readonly StyleFormat[];
  date1904: boolean;
  /** Filled rows read; the rows past the last of them are counted, not read. */
  maxRows: number;
  /** Cells at or past this column (0-based) are not kept: the row is noted as too wide. */
  maxColumns: number;
}

export interface SheetScan {
  /** Rows from row 1, up to the cap; a missing row is empty. */
  rows: Cell[][];
  /** Filled rows in `rows` (see `isFilled`). */
  filled: number;
  /** Rows with a value past the cap: counted, not read. */
  rowsPast: number;
  /** The last row with a value, past the cap too (a row of empty cells does not count). */
  lastRow: number;
  /**
   * The first row with a cell past the column limit, and its width: such cells are not kept (a
   * reference like `ZZZZZZ1` would otherwise be a row of 300 million cells).
   */
  tooWide: { row: number; columns: number } | null;
  merges: MergedArea[];
  /** Rows marked `hidden` (a filter, or hidden by hand), 1-based, up to the cap. */
  hidden: number[];
}

export function scanSheet(bytes: Uint8Array, entry: ZipEntry, context: SheetContext): SheetScan {
  const scan: SheetScan = {
    rows: [],
    filled: 0,
    rowsPast: 0,
    lastRow: 0,
    merges: [],
    tooWide: null,
    hidden: [],
  };
  let tags: Tags | undefined;
  let rowNumber = 0;
  eachElementRun(bytes, entry, 'row', (run) => {
    tags ??= tagsFor(run);
    rowNumber = scanRows(run, tags, context, scan, rowNumber);
  });
  return scan;
}

/**
 * Only the rows marked `hidden`, 1-based, up to `maxRows`: for a sheet whose cells this reader
 * left to SheetJS (an ISO date cell), as SheetJS reports an xlsx's hidden rows only when it also
 * parses every style, which makes cells of styled blanks and changes what is read. A row past
 * Excel's last is refused here too (`pastLastRow`): SheetJS skips the rows past its cap without a
 * trace when the sheet has no `<dimension>`, so only the XML tells that one is there.
 */
export function scanHiddenRows(bytes: Uint8Array, entry: ZipEntry, maxRows: number): number[] {
  const hidden: number[] = [];
  eachRow(bytes, entry, (row, rowNumber) => {
    if (rowNumber > maxSpreadsheetRows) throw pastLastRow(rowNumber);
    if (rowNumber > maxRows) return;
    if (row.tag.includes('hidden') && isTrue(attribute(row.tag, 'hidden'))) hidden.push(rowNumber);
  });
  return hidden;
}

/** Each `<row>` of a sheet, with its 1-based number: its `r`, or the one after the row before. */
function eachRow(
  bytes: Uint8Array,
  entry: ZipEntry,
  visit: (row: Element, rowNumber: number, tags: Tags) => void,
): void {
  let tags: Tags | undefined;
  let rowNumber = 0;
  eachElementRun(bytes, entry, 'row', (run) => {
    tags ??= tagsFor(run);
    for (
      let row = elementAfter(run, tags.row, tags.rowEnd, 0);
      row !== null;
      row = elementAfter(run, tags.row, tags.rowEnd, row.end)
    ) {
      const r = attribute(row.tag, 'r');
      rowNumber = r !== undefined && /^\d+$/.test(r) ? Number(r) : rowNumber + 1;
      visit(row, rowNumber, tags);
    }
  });
}

/** A cell SheetJS misreads: 0-based row and column, and its cell. */
export interface MisreadCell {
  row: number;
  column: number;
  cell: Cell;
}

/**
 * The cells SheetJS misreads in the first `maxRows` rows, for a sheet this reader left to it (an
 * ISO date cell): formulas saved without a value, which it reads as empty text, or not at all, as
 * it reads a formula whose value is empty text (see formula-cells.ts); and ISO date cells, which it
 * turns into bare serials (45000.4375) when their style is not a date format, so an ID column of
 * dates would be sent as numbers (see `isoDateCell`).
 */
export function scanMisreadCells(
  bytes: Uint8Array,
  entry: ZipEntry,
  maxRows: number,
): MisreadCell[] {
  const found: MisreadCell[] = [];
  eachRow(bytes, entry, (row, rowNumber, tags) => {
    // Most rows hold neither: the `includes` spare them the walk through their cells.
    if (rowNumber > maxRows) return;
    if (!row.content.includes(tags.formula) && !/\st=["']d["']/.test(row.content)) return;
    let column = -1;
    for (
      let cell = elementAfter(row.content, tags.cell, tags.cellEnd, 0);
      cell !== null;
      cell = elementAfter(row.content, tags.cell, tags.cellEnd, cell.end)
    ) {
      const ref = attribute(cell.tag, 'r');
      const place = ref === undefined ? undefined : cellPlace(ref);
      column = place?.column ?? column + 1;
      const read =
        valuelessFormula(cell.tag, cell.content, tags) ?? isoCell(cell.tag, cell.content, tags);
      if (read !== null) found.push({ row: (place?.row ?? rowNumber) - 1, column, cell: read });
    }
  });
  return found;
}

/** The cell of an ISO date cell (`t="d"`), or null for any other cell. */
function isoCell(tag: string, inner: string, tags: Tags): Cell {
  if (attribute(tag, 't') !== 'd') return null;
  const value = elementText(inner, tags.value, tags.valueEnd);
  return value === undefined ? null : isoDateCell(unescapeXml(value));
}

/** The cell of a formula saved without its value, or null for any other cell. */
function valuelessFormula(tag: string, inner: string, tags: Tags): Cell {
  if (inner === '' || attribute(tag, 't') === 'inlineStr') return null;
  if (elementText(inner, tags.value, tags.valueEnd) !== undefined) return null;
  const formula = elementAfter(inner, tags.formula, tags.formulaEnd, 0);
  return formula === null ? null : formulaCell(detached(unescapeXml(formula.content)));
}

interface Tags {
  row: string;
  rowEnd: string;
  cell: string;
  cellEnd: string;
  value: string;
  valueEnd: string;
  inline: string;
  inlineEnd: string;
  formula: string;
  formulaEnd: string;
}

/** The element names with the prefix the sheet uses (`<row>` or `<x:row>`). */
function tagsFor(start: string): Tags {
  const root = tagsOf(start, 'worksheet').at(0);
  if (root === undefined) throw new NotPlainXlsx('no worksheet element');
  // The rows are written with the prefix of the element that holds them, which may not be the
  // root's (`<x:worksheet xmlns:x=… xmlns=…><sheetData>`).
  const holder = tagsOf(start, 'sheetData').at(0) ?? root;
  const p = holder.name.slice(0, holder.name.indexOf(':') + 1);
  return {
    row: `<${p}row`,
    rowEnd: `</${p}row>`,
    cell: `<${p}c`,
    cellEnd: `</${p}c>`,
    value: `<${p}v`,
    valueEnd: `</${p}v>`,
    inline: `<${p}is`,
    inlineEnd: `</${p}is>`,
    formula: `<${p}f`,
    formulaEnd: `</${p}f>`,
  };
}

/** Reads the rows in `run`; returns the number of the last row seen. */
function scanRows(
  run: string,
  tags: Tags,
  context: SheetContext,
  scan: SheetScan,
  previous: number,
): number {
  let rowNumber = previous;
  let at = 0;
  for (let row = elementAfter(run, tags.row, tags.rowEnd, 0); row !== null;) {
    const r = attribute(row.tag, 'r');
    if (r !== undefined && !/^\d+$/.test(r)) throw new NotPlainXlsx(`row ${r}`);
    rowNumber = r === undefined ? rowNumber + 1 : Number(r);
    if (rowNumber < 1) throw new NotPlainXlsx(`row ${String(r)}`);
    if (rowNumber > maxSpreadsheetRows) throw pastLastRow(rowNumber);
    // Rows up to the cap are read; past it, a row with a value is only counted.
    if (scan.filled < context.maxRows) {
      scanCells(row.content, rowNumber, tags, context, scan);
      if (isFilled(scan.rows[rowNumber - 1] ?? [])) scan.filled += 1;
      // Most row tags are `<row r="12">` or carry spans and style: the `includes` spares nearly
      // every row the attribute parse, so a full sheet pays nothing measurable for it.
      if (row.tag.includes('hidden') && isTrue(attribute(row.tag, 'hidden')))
        scan.hidden.push(rowNumber);
    } else if (
      nextElement(row.content, tags.value, 0) >= 0 ||
      nextElement(row.content, tags.inline, 0) >= 0
    ) {
      // Counted from its tags alone, as parsing every cell of a full sheet over the limit is
      // what the cap spares: a value of blanks only would count too, in a file refused anyway.
      scan.lastRow = Math.max(scan.lastRow, rowNumber);
      scan.rowsPast += 1;
    }
    at = row.end;
    row = elementAfter(run, tags.row, tags.rowEnd, at);
  }
  if (run.includes('mergeCell', at)) readMerges(run.slice(at), scan);
  return rowNumber;
}

function scanCells(
  content: string,
  rowNumber: number,
  tags: Tags,
  context: SheetContext,
  scan: SheetScan,
): void {
  let column = -1;
  for (
    let element = elementAfter(content, tags.cell, tags.cellEnd, 0);
    element !== null;
    element = elementAfter(content, tags.cell, tags.cellEnd, element.end)
  ) {
    const { tag, content: inner } = element;
    const ref = attribute(tag, 'r');
    let row = rowNumber;
    if (ref === undefined) column += 1;
    else {
      const place = cellPlace(ref);
      column = place.column;
      row = place.row ?? rowNumber;
    }
    const cell = cellOf(tag, inner, tags, context);
    if (cell === null) continue;
    if (row > maxSpreadsheetRows) throw pastLastRow(row);
    scan.lastRow = Math.max(scan.lastRow, row);
    if (column < context.maxColumns) place(scan.rows, row - 1, column, cell);
    else if (scan.tooWide === null || scan.tooWide.row === row)
      scan.tooWide = { row, columns: Math.max(scan.tooWide?.columns ?? 0, column + 1) };
  }
}

function pastLastRow(row: number): XlsxRefused {
  return new XlsxRefused(pastLastRowProblem(row));
}

function place(rows: Cell[][], r: number, c: number, cell: Cell): void {
  while (rows.length <= r) rows.push([]);
  const row = rows[r] as Cell[];
  while (row.length < c) row.push(null);
  row[c] = cell;
}

/** `BC12` → column 54 (0-based) and row 12. */
function cellPlace(ref: string): { column: number; row: number | undefined } {
  let column = 0;
  let i = 0;
  for (; i < ref.length; i += 1) {
    const code = ref.charCodeAt(i) - 64;
    if (code < 1 || code > 26) break;
    column = column * 26 + code;
  }
  let row: number | undefined;
  for (; i < ref.length; i += 1) {
    const digit = ref.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) throw new NotPlainXlsx(`cell reference ${ref}`);
    row = (row ?? 0) * 10 + digit;
  }
  if (column === 0 || row === 0) throw new NotPlainXlsx(`cell reference ${ref}`);
  return { column: column - 1, row };
}

function cellOf(tag: string, inner: string, tags: Tags, context: SheetContext): Cell {
  const type = attribute(tag, 't') ?? 'n';
  const value = elementText(inner, tags.value, tags.valueEnd);
  // A formula saved without its value (openpyxl, SheetJS and report generators write them so) is
  // not an empty cell: nothing in the file says what Excel would show (see formula-cells.ts).
  if (value === undefined && inner !== '') {
    const formula = valuelessFormula(tag, inner, tags);
    if (formula !== null) return formula;
  }
  switch (type) {
    case 'n': {
      if (value === undefined || value === '') return null;
      const style = context.styles[Number(attribute(tag, 's') ?? '0')];
      return numberCell(
        parseFloat(unescapeXml(value)),
        style?.date ?? false,
        context.date1904,
        style?.padded ?? null,
      );
    }
    case 's': {
      if (value === undefined) return null;
      const text = context.strings[parseInt(value, 10)];
      if (text === undefined) throw new NotPlainXlsx(`shared string ${value}`);
      return text === '' ? null : { text, numeric: false };
    }
    case 'str':
      return textCell(value === undefined ? '' : unescapeXml(value));
    case 'inlineStr': {
      const content = elementText(inner, tags.inline, tags.inlineEnd);
      return textCell(content === undefined ? '' : stringItem(content));
    }
    case 'b':
      return { text: value === '1' || value === 'true' ? 'TRUE' : 'FALSE', numeric: false };
    case 'e': {
      const code = value === undefined ? '' : unescapeXml(value);
      // Marked, whatever its text: an error is never a value (see error-cells.ts).
      return { text: excelErrorTexts.has(code) ? code : '#ERROR', numeric: false, error: true };
    }
    case 'd':
      // ISO dates in cells are rare (Excel never writes them): SheetJS reads such a sheet, and
      // `scanMisreadCells` gives the dates back where it made serials of them.
      throw new NotPlainXlsx('a date cell');
    default:
      return null;
  }
}

function textCell(text: string): Cell {
  return text === '' ? null : { text: detached(text), numeric: false };
}

/** The text between `<v>` (or `<v …>`) and `</v>`; undefined without one. */
function elementText(inner: string, open: string, close: string): string | undefined {
  return inner === '' ? undefined : elementAfter(inner, open, close, 0)?.content;
}

/** One attribute of a start tag (no namespace prefix on r, t, s), or undefined. */
function attribute(tag: string, name: string): string | undefined {
  for (let at = tag.indexOf(`${name}=`); at > 0; at = tag.indexOf(`${name}=`, at + 1)) {
    const before = tag.charCodeAt(at - 1);
    if (before !== 32 && before !== 9 && before !== 10 && before !== 13) continue;
    const quote = tag[at + name.length + 1];
    if (quote !== '"' && quote !== "'") continue;
    const end = tag.indexOf(quote, at + name.length + 2);
    return end < 0 ? undefined : tag.slice(at + name.length + 2, end);
  }
  return undefined;
}

/** An XML boolean: `1` or `true`. */
function isTrue(value: string | undefined): boolean {
  return value === '1' || value === 'true';
}

function readMerges(tail: string, scan: SheetScan): void {
  for (const merge of tagsOf(tail, 'mergeCell')) {
    const [from = '', to = from] = (attributesOf(merge.text).get('ref') ?? '').split(':');
    const s = cellPlace(from);
    const e = cellPlace(to);
    scan.merges.push({
      s: { r: (s.row ?? 1) - 1, c: s.column },
      e: { r: (e.row ?? 1) - 1, c: e.column },
    });
  }
}
