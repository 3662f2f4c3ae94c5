import { readFileSync, writeFileSync } from 'node:fs';
import * as XLSX from 'xlsx';
import { afterAll, describe, expect, it } from 'vitest';
import { dcdesk } from '../support/cli';
import { tempDir } from '../support/files';
import { sampleTransaction } from '../support/transactions';

const work = tempDir('dcdesk-cli-formulas-');
afterAll(() => work.remove());
const inHistory = ['--env', 'sandbox', '--data-dir', work.dir];

interface Output {
  row: number;
  status: string;
  messages: string[] | null;
}

/** An xlsx as SheetJS (and openpyxl) write formulas: no value saved with them. */
function writeBook(file: string, rows: unknown[][]): void {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Pedidos');
  writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
}

describe('dcdesk with formulas saved without their values', () => {
  it('bulk names each cell, holds its row back and says how to have the values computed', async () => {
    const [a, b] = [sampleTransaction(1), sampleTransaction(2)];
    writeBook(work.file('pedidos.xlsx'), [
      ['externalID', 'sessionID', 'CPF', 'E-mail', 'Celular'],
      [
        a.externalID,
        a.sessionID,
        { t: 's', f: 'TEXT(1234567890,"00000000000")' },
        { t: 's', f: 'LOWER("ANA@EXEMPLO.COM")' },
        { t: 's', f: '"(11) 98765-4321"' },
      ],
      [{ t: 's', f: '"PED-"&"000002"' }, b.sessionID],
    ]);
    const run = await dcdesk([
      'bulk',
      work.file('pedidos.xlsx'),
      '--output',
      work.file('out.json'),
      ...inHistory,
    ]);
    expect(run.stderr).toContain(
      'dcdesk: warning: row 2, column C (CPF): the cell holds a formula saved without its value',
    );
    expect(run.stderr).toContain('row 3, column A (External ID): the cell holds a formula');
    expect(run.stderr).toContain('open it in Excel or LibreOffice and save it');
    // The formula may hold the personal data it computes from: it is not printed.
    expect(run.stderr).not.toContain('ANA@EXEMPLO');
    expect(run.code).toBe(4);
    const output = JSON.parse(readFileSync(work.file('out.json'), 'utf8')) as Output[];
    expect(output.map((record) => [record.row, record.status])).toEqual([
      [2, 'invalid'],
      [3, 'invalid'],
    ]);
    expect(output[1]?.messages).toEqual([
      expect.stringMatching(/^External ID: the cell holds a formula saved without its value/),
    ]);
  });

  it('outcomes import lists the rows and does not apply them', async () => {
    writeBook(work.file('casos.xlsx'), [
      ['Pedido', 'Resultado'],
      [sampleTransaction(1).externalID, { t: 's', f: 'PROPER("suspeito")' }],
    ]);
    const run = await dcdesk(['outcomes', 'import', work.file('casos.xlsx'), ...inHistory]);
    expect(run.stderr).toContain(
      'dcdesk: warning: row 2, column B: the cell holds a formula saved without its value',
    );
    expect(run.stderr).toContain('open it in Excel or LibreOffice and save it');
    expect(run.stdout).toMatch(/formula, no value +1/);
    expect(run.stdout).toMatch(/unknown outcome +0/);
  });
});
