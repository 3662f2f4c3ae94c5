import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { createImportSession } from './import-session';
import type { ImportAnswer } from './import-protocol';
import { operations } from '../../../shared/contract/operations';

function session() {
  const answers: ImportAnswer[] = [];
  return { answers, handle: createImportSession((answer) => answers.push(answer)).handle };
}

const bytesOf = (text: string) => new TextEncoder().encode(text).buffer;

describe('the import worker session', () => {
  it('reads a CSV and answers its first rows and detected header row', () => {
    const { answers, handle } = session();
    const csv = 'Relatório;;\r\n\r\nPedido;CPF;E-mail\r\nPED-000001;529.982.247-25;a@b.com\r\n';
    handle({ type: 'read', id: 1, bytes: bytesOf(csv), fileName: 'pedidos.csv', maxRows: 10 });
    const answer = answers[0];
    if (answer?.type !== 'sheet' || !answer.result.ok) throw new Error('expected a sheet');
    expect(answer.result.sheet).toMatchObject({
      kind: 'csv',
      sheetNames: ['pedidos'],
      delimiter: ';',
      rowCount: 4,
      headerRow: 2,
    });
    expect(answer.result.sheet.topRows).toHaveLength(4);
  });

  it('answers the read problem, with the maxRows setting as the limit', () => {
    const { answers, handle } = session();
    const csv = 'Pedido\n' + Array.from({ length: 6 }, (_, n) => `PED-${String(n)}`).join('\n');
    handle({ type: 'read', id: 7, bytes: bytesOf(csv), fileName: 'p.csv', maxRows: 5 });
    expect(answers[0]).toMatchObject({
      type: 'sheet',
      id: 7,
      result: { ok: false, problem: { code: 'too_many_rows', limit: 5, found: 6 } },
    });
  });

  it('re-reads another sheet of the same bytes, then checks and collects its rows', async () => {
    const { answers, handle } = session();
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Total', 1]]), 'Resumo');
    const orders = [
      ['Sessão', 'Pedido'],
      ['s'.repeat(30), 'PED-000001'],
      ['s'.repeat(30), 'PED'],
    ];
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(orders), 'Pedidos');
    const xlsx = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
    handle({ type: 'read', id: 1, bytes: xlsx, fileName: 'p.xlsx', maxRows: 10 });
    handle({ type: 'sheet', id: 2, sheet: 'Pedidos' });
    expect(answers[1]).toMatchObject({
      type: 'sheet',
      result: { ok: true, sheet: { sheet: 'Pedidos', sheetNames: ['Resumo', 'Pedidos'] } },
    });
    const mapping = { sessionID: 0, externalID: 1 };
    handle({ type: 'check', id: 3, headerRow: 0, mapping });
    expect(answers[2]).toMatchObject({ type: 'checked', report: { total: 2 } });
    handle({ type: 'collect', id: 4, headerRow: 0, mapping, fixes: [], excluded: [3] });
    expect(answers[3]).toEqual({ type: 'collected', id: 4, count: 1 });
    handle({ type: 'slice', id: 5, collection: 4, from: 0, count: 10 });
    const slice = answers[4];
    if (slice?.type !== 'slice') throw new Error('no rows sliced');
    // The lines the core takes as they are: row 3 was excluded.
    const create = operations['batches.create'].input.parse({
      sourceName: 'p.xlsx',
      sourceSha256: '0'.repeat(64),
      rows: await slice.rows.text(),
    });
    expect(create.rows).toMatchObject([{ row: 2 }]);
  });

  it('hands collected rows over slice by slice, in order, until they are released', async () => {
    const { answers, handle } = session();
    const csv =
      'Sessão,Pedido\n' +
      Array.from({ length: 7 }, (_, n) => `${'s'.repeat(30)},PED-${String(n)}`).join('\n');
    handle({ type: 'read', id: 1, bytes: bytesOf(csv), fileName: 'p.csv', maxRows: 10 });
    const mapping = { sessionID: 0, externalID: 1 };
    handle({ type: 'collect', id: 2, headerRow: 0, mapping, fixes: [], excluded: [4] });
    expect(answers[1]).toEqual({ type: 'collected', id: 2, count: 6 });
    const rowsOf = async (answer: (typeof answers)[number] | undefined) =>
      answer?.type === 'slice'
        ? (await answer.rows.text())
            .split('\n')
            .map((line) => (JSON.parse(line) as { row: number }).row)
        : [];
    handle({ type: 'slice', id: 3, collection: 2, from: 0, count: 4 });
    handle({ type: 'slice', id: 4, collection: 2, from: 4, count: 4 });
    expect([...(await rowsOf(answers[2])), ...(await rowsOf(answers[3]))]).toEqual([
      2, 3, 5, 6, 7, 8,
    ]);
    handle({ type: 'release', id: 5, collection: 2 });
    expect(answers[4]).toEqual({ type: 'released', id: 5 });
    handle({ type: 'slice', id: 6, collection: 2, from: 0, count: 4 });
    expect(answers[5]).toMatchObject({ type: 'failed', id: 6 });
  });

  it('answers a sheet request before any file as a problem, never silence', () => {
    const { answers, handle } = session();
    handle({ type: 'sheet', id: 1, sheet: 'x' });
    expect(answers[0]).toMatchObject({ type: 'sheet', result: { ok: false } });
  });
});

describe('the file digest', () => {
  it('answers the SHA-256 of the bytes read, or fails before any file', async () => {
    const { answers, handle } = session();
    handle({ type: 'hash', id: 1 });
    expect(answers[0]).toMatchObject({ type: 'failed', id: 1 });
    handle({ type: 'read', id: 2, bytes: bytesOf('abc'), fileName: 'a.csv', maxRows: 5 });
    handle({ type: 'hash', id: 3 });
    await expect.poll(() => answers.length).toBe(3);
    expect(answers[2]).toEqual({
      type: 'hashed',
      id: 3,
      sha256: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    });
  });

  it('counts the data rows Excel hides, which are checked and sent like the others', () => {
    const { answers, handle } = session();
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Pedido', 'Sessão'],
      ['PED-000001', 's'.repeat(30)],
      ['PED-000002', 's'.repeat(30)],
      ['PED-000003', 's'.repeat(30)],
    ]);
    sheet['!rows'] = [
      { hidden: true },
      undefined,
      { hidden: true },
      { hidden: true },
    ] as XLSX.RowInfo[];
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Pedidos');
    const bytes = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
    handle({ type: 'read', id: 1, bytes, fileName: 'pedidos.xlsx', maxRows: 10 });
    const read = answers[0];
    if (read?.type !== 'sheet' || !read.result.ok) throw new Error('expected a sheet');
    // The hidden header row is not a data row; the screen is not sent the list.
    expect(read.result.sheet).not.toHaveProperty('hiddenRows');
    handle({ type: 'check', id: 2, headerRow: 0, mapping: { externalID: 0, sessionID: 1 } });
    expect(answers[1]).toMatchObject({ type: 'checked', report: { total: 3, hidden: 2 } });
  });

  it('holds back a row whose session ID merged cells cover, saying where the value is', () => {
    const { answers, handle } = session();
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Pedido', 'Sessão'],
      ['PED-000001', 's'.repeat(30)],
      ['PED-000002', null],
      ['PED-000003', 't'.repeat(30)],
    ]);
    sheet['!merges'] = [{ s: { r: 1, c: 1 }, e: { r: 2, c: 1 } }];
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Pedidos');
    const bytes = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
    handle({ type: 'read', id: 1, bytes, fileName: 'pedidos.xlsx', maxRows: 10 });
    const read = answers[0];
    if (read?.type !== 'sheet' || !read.result.ok) throw new Error('expected a sheet');
    // The screen is sent only what it shows; the merged cells stay with the rows.
    expect(read.result.sheet).not.toHaveProperty('merges');
    const mapping = { externalID: 0, sessionID: 1 };
    handle({ type: 'check', id: 2, headerRow: 0, mapping });
    const checked = answers[1];
    if (checked?.type !== 'checked') throw new Error('expected a report');
    expect(checked.report.invalid.map((row) => [row.row, row.problems])).toEqual([
      [3, [{ field: 'sessionID', rule: 'merged_cell', cell: 'B3', range: 'B2:B3' }]],
    ]);
    expect(checked.report.problemCounts).toEqual([
      { field: 'sessionID', rule: 'merged_cell', count: 1 },
    ]);
    // The rows sent keep the note: the core holds the row back with the same words.
    handle({ type: 'collect', id: 3, headerRow: 0, mapping, fixes: [], excluded: [] });
    handle({ type: 'slice', id: 4, collection: 3, from: 1, count: 1 });
    const slice = answers[3];
    if (slice?.type !== 'slice') throw new Error('expected a slice');
    return slice.rows.text().then((line) => {
      expect(JSON.parse(line)).toMatchObject({ row: 3, notes: ['merged:sessionID:B3:B2:B3'] });
    });
  });
});
