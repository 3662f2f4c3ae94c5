import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { createOutcomesSession } from './outcomes-session';
import type { OutcomesAnswer } from './outcomes-protocol';

function session() {
  const answers: OutcomesAnswer[] = [];
  return { answers, handle: createOutcomesSession((answer) => answers.push(answer)).handle };
}

const bytesOf = (text: string) => new TextEncoder().encode(text).buffer;

describe('the outcomes worker session', () => {
  it('finds the header under a title, maps the columns and splits the rows', () => {
    const { answers, handle } = session();
    const csv = [
      'Exportação do sistema de casos;',
      'ID Transacional;Resultado',
      'order-1;fraude confirmada',
      'order-2;SUSPEITO',
      `${'x'.repeat(65)};Suspeito`,
      ';Suspeito',
      'order-3;Talvez',
      ';',
    ].join('\r\n');
    handle({ type: 'read', id: 1, bytes: bytesOf(csv), fileName: 'casos.csv', maxRows: 100 });
    const read = answers[0];
    if (read?.type !== 'sheet' || !read.result.ok) throw new Error('expected a sheet');
    expect(read.result.sheet.headerRow).toBe(1);

    handle({ type: 'rows', id: 2, headerRow: 1, mapping: { transactionId: 0, outcome: 1 } });
    expect(answers[1]).toEqual({
      type: 'rows',
      id: 2,
      rows: {
        rows: [
          { row: 3, transactionId: 'order-1', outcome: 'Fraude Confirmada' },
          { row: 4, transactionId: 'order-2', outcome: 'Suspeito' },
        ],
        unknown: [{ row: 7, transactionId: 'order-3', outcomeText: 'Talvez' }],
        checked: [
          { row: 3, transactionId: 'order-1', outcome: 'Fraude Confirmada' },
          { row: 4, transactionId: 'order-2', outcome: 'Suspeito' },
          { row: 7, transactionId: 'order-3', outcome: null, text: 'Talvez' },
        ],
        blankIds: [6],
        longIds: [{ row: 5, transactionId: 'x'.repeat(65) }],
        lostDigits: [],
        dateCells: [],
        errorCells: [],
        formulaCells: [],
        mergedCells: [],
        hidden: 0,
      },
    });
  });

  it('sends the core the rows whose outcome it does not know, in sheet order, so an id given another value is a contradiction', () => {
    const { answers, handle } = session();
    const csv = [
      'Pedido;Resultado',
      'PED-2;Fraude Confirmada',
      'PED-2;Legítima',
      'PED-3;Em análise',
      'PED-3;Suspeito',
      'PED-4;Fraude?',
    ].join('\r\n');
    handle({ type: 'read', id: 1, bytes: bytesOf(csv), fileName: 'casos.csv', maxRows: 100 });
    handle({ type: 'rows', id: 2, headerRow: 0, mapping: { transactionId: 0, outcome: 1 } });
    const answer = answers[1];
    if (answer?.type !== 'rows') throw new Error('expected rows');
    expect(answer.rows.checked).toEqual([
      { row: 2, transactionId: 'PED-2', outcome: 'Fraude Confirmada' },
      { row: 3, transactionId: 'PED-2', outcome: null, text: 'Legítima' },
      { row: 4, transactionId: 'PED-3', outcome: null, text: 'Em análise' },
      { row: 5, transactionId: 'PED-3', outcome: 'Suspeito' },
      { row: 6, transactionId: 'PED-4', outcome: null, text: 'Fraude?' },
    ]);
  });

  it('reads a workbook, and answers a read problem for a file that is not a spreadsheet', () => {
    const { answers, handle } = session();
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ['Pedido', 'Classificação'],
        ['PED-1', 'Device Positivado'],
      ]),
      'Casos',
    );
    const bytes = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
    handle({ type: 'read', id: 1, bytes, fileName: 'casos.xlsx', maxRows: 100 });
    expect(answers[0]).toMatchObject({
      result: { ok: true, sheet: { kind: 'xlsx', headerRow: 0 } },
    });

    handle({
      type: 'read',
      id: 2,
      bytes: bytesOf('%PDF-1.4\n%âãÏÓ\n'),
      fileName: 'a.csv',
      maxRows: 9,
    });
    expect(answers[1]).toMatchObject({ result: { ok: false, problem: { code: 'unsupported' } } });
  });

  it('never applies a row whose ID Excel stored as a number of more than 15 digits', () => {
    const { answers, handle } = session();
    const book = XLSX.utils.book_new();
    // Typed as a number: the double it becomes has lost the last digits.
    const typed = Number('12345678901234567890');
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ['ID Transacional', 'Resultado'],
        [typed, 'Suspeito'],
        [123456789012345, 'Suspeito'],
      ]),
      'Casos',
    );
    const bytes = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
    handle({ type: 'read', id: 1, bytes, fileName: 'casos.xlsx', maxRows: 100 });
    handle({ type: 'rows', id: 2, headerRow: 0, mapping: { transactionId: 0, outcome: 1 } });
    expect(answers[1]).toMatchObject({
      rows: {
        rows: [{ row: 3, transactionId: '123456789012345', outcome: 'Suspeito' }],
        lostDigits: [{ row: 2, transactionId: '12345678901234567000' }],
      },
    });
  });

  it('never applies a row whose ID Excel shows as a date, and says what Excel shows', () => {
    const { answers, handle } = session();
    const sheet = XLSX.utils.aoa_to_sheet([
      ['ID Transacional', 'Resultado'],
      [45000, 'Suspeito'],
      ['PED-2', 'Suspeito'],
    ]);
    sheet.A2 = { t: 'n', v: 45000, z: 'dd/mm/yyyy' };
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Casos');
    const bytes = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
    handle({ type: 'read', id: 1, bytes, fileName: 'casos.xlsx', maxRows: 100 });
    handle({ type: 'rows', id: 2, headerRow: 0, mapping: { transactionId: 0, outcome: 1 } });
    expect(answers[1]).toMatchObject({
      rows: {
        rows: [{ row: 3, transactionId: 'PED-2', outcome: 'Suspeito' }],
        dateCells: [{ row: 2, column: 'A', shown: '15/03/2023', transactionId: '2023-03-15' }],
      },
    });
  });

  it('never applies a row whose ID or outcome is an Excel error, and reads a guarded ID as itself', () => {
    const { answers, handle } = session();
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Pedido', 'Resultado'],
      ['x', 'Fraude Confirmada'],
      ['PED-00002', 'x'],
      ["'-1234567", 'Suspeito'],
    ]);
    sheet.A2 = { t: 'e', v: 0x1d, f: 'PROCV(Z2;Casos!A:B;2;0)' };
    sheet.B3 = { t: 'e', v: 0x2a };
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Casos');
    const bytes = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
    handle({ type: 'read', id: 1, bytes, fileName: 'casos.xlsx', maxRows: 100 });
    handle({ type: 'rows', id: 2, headerRow: 0, mapping: { transactionId: 0, outcome: 1 } });
    expect(answers[1]).toMatchObject({
      rows: {
        rows: [{ row: 4, transactionId: '-1234567', outcome: 'Suspeito' }],
        unknown: [],
        errorCells: [
          { row: 2, column: 'A', error: '#NAME?' },
          { row: 3, column: 'B', error: '#N/A' },
        ],
      },
    });
  });

  it('never applies a row whose ID or outcome is a formula saved without its value', () => {
    const { answers, handle } = session();
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Pedido', 'Resultado'],
      ['PED-00001', { t: 's', f: 'PROPER("suspeito")' }],
      [{ t: 's', f: '"PED-"&"00002"' }, 'Suspeito'],
      ['PED-00003', 'Suspeito'],
    ]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Casos');
    const bytes = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
    handle({ type: 'read', id: 1, bytes, fileName: 'casos.xlsx', maxRows: 100 });
    handle({ type: 'rows', id: 2, headerRow: 0, mapping: { transactionId: 0, outcome: 1 } });
    expect(answers[1]).toMatchObject({
      rows: {
        rows: [{ row: 4, transactionId: 'PED-00003', outcome: 'Suspeito' }],
        unknown: [],
        formulaCells: [
          { row: 2, column: 'B' },
          { row: 3, column: 'A' },
        ],
      },
    });
  });

  it('says a row whose outcome or ID is covered by merged cells, never calling it unknown', () => {
    const { answers, handle } = session();
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Caso', 'Pedido', 'Resultado'],
      ['CASO-1', 'PED-000002', 'Fraude Confirmada'],
      [null, 'PED-000003', null],
      [null, 'PED-000004', null],
      ['CASO-2', 'PED-000005', 'Suspeito'],
      ['CASO-3', null, 'Suspeito'],
    ]);
    // The outcome over C2:C4, a case over A2:A4 (not mapped), an id over B5:B6.
    sheet['!merges'] = [
      { s: { r: 1, c: 2 }, e: { r: 3, c: 2 } },
      { s: { r: 1, c: 0 }, e: { r: 3, c: 0 } },
      { s: { r: 4, c: 1 }, e: { r: 5, c: 1 } },
    ];
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Casos');
    const bytes = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
    handle({ type: 'read', id: 1, bytes, fileName: 'casos.xlsx', maxRows: 100 });
    handle({ type: 'rows', id: 2, headerRow: 0, mapping: { transactionId: 1, outcome: 2 } });
    expect(answers[1]).toMatchObject({
      rows: {
        rows: [
          { row: 2, transactionId: 'PED-000002', outcome: 'Fraude Confirmada' },
          { row: 5, transactionId: 'PED-000005', outcome: 'Suspeito' },
        ],
        unknown: [],
        blankIds: [],
        mergedCells: [
          { row: 3, column: 'C', cell: 'C3', range: 'C2:C4' },
          { row: 4, column: 'C', cell: 'C4', range: 'C2:C4' },
          { row: 6, column: 'B', cell: 'B6', range: 'B5:B6' },
        ],
      },
    });
  });

  it('counts the rows Excel hides, which are applied like the others', () => {
    const { answers, handle } = session();
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Pedido', 'Resultado'],
      ['PED-00001', 'Suspeito'],
      ['PED-00002', 'Suspeito'],
    ]);
    sheet['!rows'] = [undefined, undefined, { hidden: true }] as XLSX.RowInfo[];
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Casos');
    const bytes = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
    handle({ type: 'read', id: 1, bytes, fileName: 'casos.xlsx', maxRows: 100 });
    handle({ type: 'rows', id: 2, headerRow: 0, mapping: { transactionId: 0, outcome: 1 } });
    expect(answers[1]).toMatchObject({ rows: { hidden: 1 } });
    expect(answers[1]).toMatchObject({ rows: { rows: [{ row: 2 }, { row: 3 }] } });
  });
});
