import { describe, expect, it } from 'vitest';
import { headerTexts } from '../spreadsheet/header';
import { readSpreadsheet } from '../spreadsheet/read';
import type { Cell } from '../spreadsheet/types';
import {
  autoMapOutcomeColumns,
  outcomeColumnChoices,
  outcomeHeaderRow,
  outcomeRowsFrom,
} from './outcome-columns';
import { describeRepeatedHeader } from '../spreadsheet/repeated-headers';

const text = (value: string): Cell => ({ text: value, numeric: false });
const number = (value: string): Cell => ({ text: value, numeric: true });

describe('autoMapOutcomeColumns', () => {
  it('finds Portuguese headers', () => {
    expect(autoMapOutcomeColumns(['Data', 'ID Transacional', 'Resultado'])).toEqual({
      transactionId: 1,
      outcome: 2,
    });
    expect(autoMapOutcomeColumns(['Classificação', 'ID da transação'])).toEqual({
      transactionId: 1,
      outcome: 0,
    });
    expect(autoMapOutcomeColumns(['Pedido', 'Analista', 'Status da análise'])).toEqual({
      transactionId: 0,
      outcome: 2,
    });
    expect(autoMapOutcomeColumns(['ID_PEDIDO', 'decisão'])).toEqual({
      transactionId: 0,
      outcome: 1,
    });
    expect(autoMapOutcomeColumns(['Transação', 'Parecer'])).toEqual({
      transactionId: 0,
      outcome: 1,
    });
  });

  it('finds English headers', () => {
    expect(autoMapOutcomeColumns(['Transaction ID', 'Outcome'])).toEqual({
      transactionId: 0,
      outcome: 1,
    });
    expect(autoMapOutcomeColumns(['order id', 'Reviewer', 'Decision'])).toEqual({
      transactionId: 0,
      outcome: 2,
    });
    expect(autoMapOutcomeColumns(['externalID', 'Result'])).toEqual({
      transactionId: 0,
      outcome: 1,
    });
    expect(autoMapOutcomeColumns(['External ID', 'Review status'])).toEqual({
      transactionId: 0,
      outcome: 1,
    });
  });

  it('reads a response-variable file header, ignoring the DeviceId column', () => {
    expect(autoMapOutcomeColumns(['ID Transacional', 'DeviceId', 'Resultado'])).toEqual({
      transactionId: 0,
      outcome: 2,
    });
  });

  it('prefers an exact name over a qualified one, then the leftmost column', () => {
    expect(autoMapOutcomeColumns(['Pedido do Cliente', 'Pedido', 'Resultado'])).toEqual({
      transactionId: 1,
      outcome: 2,
    });
    expect(autoMapOutcomeColumns(['Pedido', 'Order ID', 'Outcome', 'Resultado'])).toEqual({
      transactionId: 0,
      outcome: 2,
    });
  });

  it('leaves out what no header names', () => {
    expect(autoMapOutcomeColumns(['Data', 'Analista'])).toEqual({});
    expect(autoMapOutcomeColumns(['Pedido', 'Status'])).toEqual({ transactionId: 0 });
    expect(autoMapOutcomeColumns([])).toEqual({});
  });
});

describe('outcomeRowsFrom', () => {
  const grid: Cell[][] = [
    [text('Relatório de casos')],
    [text('Pedido'), text('Analista'), text('Resultado')],
    [text(' PED-1 '), text('Ana'), text(' fraude confirmada ')],
    [],
    [null, null, null],
    [number('12345678901234'), null, text('Suspeito')],
    [null, text('Bia'), text('Suspeito')],
    [text('PED-3'), text('Caio'), text('Legítimo')],
    [text('PED-4')],
    [text('  '), text(' ')],
  ];

  it('numbers rows as the sheet does, skips empty rows and trims', () => {
    const { rows, blankIds } = outcomeRowsFrom(grid, 1, { transactionId: 0, outcome: 2 });
    expect(rows).toEqual([
      {
        row: 3,
        transactionId: 'PED-1',
        outcomeText: 'fraude confirmada',
        outcome: 'Fraude Confirmada',
      },
      { row: 6, transactionId: '12345678901234', outcomeText: 'Suspeito', outcome: 'Suspeito' },
      { row: 8, transactionId: 'PED-3', outcomeText: 'Legítimo', outcome: null },
      { row: 9, transactionId: 'PED-4', outcomeText: '', outcome: null },
    ]);
    expect(blankIds).toEqual([7]);
  });

  it('without a mapped id column, every row with content has a blank id', () => {
    const { rows, blankIds } = outcomeRowsFrom(grid, 1, { outcome: 2 });
    expect(rows).toEqual([]);
    expect(blankIds).toEqual([3, 6, 7, 8, 9]);
  });

  it('gives nothing for a sheet with only a header', () => {
    expect(outcomeRowsFrom(grid.slice(0, 2), 1, { transactionId: 0, outcome: 2 })).toEqual({
      rows: [],
      blankIds: [],
    });
  });
});

describe('outcomeHeaderRow', () => {
  it('finds the columns of a semicolon CSV below a title line with a comma in it', () => {
    const csv = 'Casos revisados, novembro/2026\r\nPedido;Resultado\r\nPED-1;Fraude Confirmada\r\n';
    const read = readSpreadsheet(new TextEncoder().encode(csv), 'casos.csv');
    if (!read.ok) throw new Error(read.problem.message);
    expect(read.value.delimiter).toBe(';');
    const header = outcomeHeaderRow(read.value.rows);
    expect(header).toBe(1);
    expect(autoMapOutcomeColumns(headerTexts(read.value.rows, header))).toEqual({
      transactionId: 0,
      outcome: 1,
    });
  });
});

describe('outcomeColumnChoices', () => {
  it('names every column that could hold the id or the outcome, and the one used', () => {
    const headers = ['Pedido', 'ID Transacional', 'Resultado', 'Status da Análise'];
    const choices = outcomeColumnChoices(headers, autoMapOutcomeColumns(headers));
    expect(choices.map(describeRepeatedHeader)).toEqual([
      "2 columns could hold transactionId (A 'Pedido', B 'ID Transacional'); column A was used for transactionId.",
      "2 columns could hold outcome (C 'Resultado', D 'Status da Análise'); column C was used for outcome.",
    ]);
  });

  it('says nothing when each column has one candidate', () => {
    const headers = ['ID Transacional', 'Resultado', 'Analista'];
    expect(outcomeColumnChoices(headers, autoMapOutcomeColumns(headers))).toEqual([]);
  });
});
