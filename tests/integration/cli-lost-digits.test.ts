import { readFileSync, writeFileSync } from 'node:fs';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { dcdesk } from '../support/cli';
import { tempDir } from '../support/files';
import { sampleTransaction } from '../support/transactions';

let sandbox: SandboxHandle;
const work = tempDir('dcdesk-cli-digits-');
beforeAll(async () => (sandbox = await startSandbox()));
afterAll(async () => {
  await sandbox.close();
  work.remove();
});

interface Output {
  row: number;
  externalID: string | null;
  status: string;
  messages: string[] | null;
}

/** Typed into a number cell: the double it becomes has lost the last digits (the point here). */
const typedTwentyDigits = Number('12345678901234567890');

describe('dcdesk bulk with an ID Excel stored as a number of more than 15 digits', () => {
  it('names the row, the column and the value, and does not send the row', async () => {
    const [a, b] = [sampleTransaction(1), sampleTransaction(2)];
    const book = XLSX.utils.book_new();
    const rows = [
      ['Pedido', 'Sessão'],
      [typedTwentyDigits, a.sessionID],
      [b.externalID, b.sessionID],
    ];
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Pedidos');
    writeFileSync(
      work.file('pedidos.xlsx'),
      XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer,
    );
    const args = ['bulk', work.file('pedidos.xlsx'), '--output', work.file('out.json')];
    const run = await dcdesk([...args, '--data-dir', work.dir, '--base-url', sandbox.url]);

    expect(run.stderr).toContain(
      'dcdesk: warning: row 2, column A (External ID): 12345678901234567000 is a number of more than 15 digits',
    );
    expect(run.stderr).toMatch(/format the column as Text in Excel/i);
    expect(run.code).toBe(4);
    const output = JSON.parse(readFileSync(work.file('out.json'), 'utf8')) as Output[];
    expect(output.map((record) => [record.row, record.status])).toEqual([
      [2, 'invalid'],
      [3, expect.stringMatching(/^(ok|no_content)$/)],
    ]);
    expect(output[0]?.messages?.[0]).toMatch(/^External ID: the cell is a number of more than 15/);
  });

  it('passes a CSV’s 20 digits unchanged, without a warning', async () => {
    const a = sampleTransaction(3);
    writeFileSync(work.file('p.csv'), `Pedido;Sessão\r\n12345678901234567890;${a.sessionID}\r\n`);
    const args = ['bulk', work.file('p.csv'), '--output', work.file('csv.json')];
    const run = await dcdesk([...args, '--data-dir', work.dir, '--base-url', sandbox.url]);
    expect(run.stderr).not.toMatch(/15 digits/);
    expect(run.code).toBe(0);
    const output = JSON.parse(readFileSync(work.file('csv.json'), 'utf8')) as Output[];
    expect(output[0]?.externalID).toBe('12345678901234567890');
  });
});
