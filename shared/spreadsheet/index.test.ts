import { describe, it, expect } from 'vitest';
import * as spreadsheet from './index';

describe('the public API', () => {
  it('exports the reader, the mapper and the writers', () => {
    expect(Object.keys(spreadsheet).sort()).toEqual([
      'autoMapColumns',
      'checkZip',
      'columnName',
      'csvDelimiters',
      'csvRow',
      'decodeText',
      'defaultLimits',
      'detectDelimiter',
      'detectHeaderRow',
      'findDuplicateExternalIds',
      'headerTexts',
      'listCell',
      'mappableFields',
      'neutraliseFormula',
      'numberToText',
      'parseCsv',
      'readProblemCodes',
      'readSpreadsheet',
      'resolveLimits',
      'rowsToTransactions',
      'safeSheetName',
      'toCsv',
      'toXlsx',
    ]);
  });

  it('runs the whole path from bytes to transactions', () => {
    const csv = 'Pedido;CPF\r\nPED-000001;123.456.789-09\r\n';
    const read = spreadsheet.readSpreadsheet(new TextEncoder().encode(csv), 'p.csv');
    if (!read.ok) throw new Error(read.problem.message);
    const header = spreadsheet.detectHeaderRow(read.value.rows);
    const mapping = spreadsheet.autoMapColumns(spreadsheet.headerTexts(read.value.rows, header));
    expect(spreadsheet.rowsToTransactions(read.value.rows, header, mapping)).toEqual([
      { row: 2, raw: { externalID: 'PED-000001', cpf: '123.456.789-09' }, notes: [] },
    ]);
  });
});
