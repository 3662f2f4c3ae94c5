/**
 * Response-variable files (spec 2.7, 4.3) and outcomes spreadsheets: naming outcomes, mapping an
 * outcomes spreadsheet, building, checking and reading back the file sent to the service. Plain
 * TypeScript for the renderer, the core and the command line; free of SheetJS, so the renderer's
 * main bundle can build files without it.
 */
export type * from './types';
export { fileProblemCodes, maxUploadBytes, responseColumns, responseSeparators } from './types';
export { isOutcome, parseOutcome } from './outcome-names';
export { autoMapOutcomeColumns, outcomeHeaderRow, outcomeRowsFrom } from './outcome-columns';
export { checkResponseRows, confirmRows } from './response-checks';
export { responseCsv } from './response-csv';
export { buildResponseFile, previewResponseFile } from './response-file';
export type { BuildOptions } from './response-file';
export { responseFileBuilder, tooLarge, type ResponseFileBuilder } from './response-builder';
export type { Deflater, EntryDeflater } from './zip-one';
export { maxResponseBytes, zipEntryDate } from './response-zip';
export { readResponseFile } from './read-response-file';
export { responseFileName } from './file-name';
