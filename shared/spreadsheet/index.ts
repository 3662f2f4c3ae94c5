/**
 * Reading analysts' spreadsheets (xlsx, xls, CSV) into text cells, mapping their columns to
 * transaction fields, and writing result files. Plain TypeScript for a Web Worker and for Node.
 */
export type * from './types';
export { readProblemCodes } from './types';
export { defaultLimits, resolveLimits } from './limits';
export type { Limits } from './limits';
export { readSpreadsheet } from './read';
export { listCell } from './list-cell';
export type { ReadOptions } from './read';
export { checkZip } from './zip-check';
export type { ZipCheck, ZipEntry } from './zip-check';
export { decodeText } from './text-decode';
export { csvDelimiters, detectDelimiter, parseCsv } from './csv';
export type { CsvParse } from './csv';
export { numberToText } from './number-text';
export { columnName } from './problem';
export { detectHeaderRow, headerTexts } from './header';
export { autoMapColumns, mappableFields } from './columns';
export type { ColumnMapping, MappableField } from './columns';
export { findDuplicateExternalIds, rowsToTransactions } from './transactions';
export type { SourceNote, SourceRow } from './transactions';
export { csvRow, neutraliseFormula, safeSheetName, toCsv, toXlsx } from './write';
export type { CsvOptions, OutValue } from './write';
