import { readFileSync, writeFileSync } from 'node:fs';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { dcdesk } from '../support/cli';
import { tempDir } from '../support/files';
import { sampleTransaction } from '../support/transactions';

let sandbox: SandboxHandle;
const work = tempDir('dcdesk-cli-merged-');
beforeAll(async () => (sandbox = await startSandbox()));
afterAll(async () => {
  await sandbox.close();
  work.remove();
});

interface Output {
  row: number;
  status: string;
  messages: string[] | null;
}

describe('dcdesk bulk with a session ID merged over two rows', () => {
  it('says the cell is merged and where its value is, and does not send the row', async () => {
    const [a, b, c] = [sampleTransaction(1), sampleTransaction(2), sampleTransaction(3)];
    const sheet = XLSX.utils.aoa_to_sheet([
      ['sessionID', 'externalID'],
      [a.sessionID, a.externalID],
      [null, b.externalID],
      [c.sessionID, c.externalID],
    ]);
    sheet['!merges'] = [{ s: { r: 1, c: 0 }, e: { r: 2, c: 0 } }];
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'S');
    const file = work.file('merged.xlsx');
    writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    const args = ['bulk', file, '--output', work.file('out.json')];
    const run = await dcdesk([...args, '--data-dir', work.dir, '--base-url', sandbox.url]);

    expect(run.stderr).toContain(
      'dcdesk: warning: row 3, column A (Session ID): A3 is part of the merged cells A2:A3, whose value is on row 2, so the cell is empty. The row is not sent.',
    );
    expect(run.stderr).toMatch(/unmerge them in Excel and fill in each row/);
    expect(run.code).toBe(4);
    const output = JSON.parse(readFileSync(work.file('out.json'), 'utf8')) as Output[];
    expect(output.map((record) => [record.row, record.status])).toEqual([
      [2, expect.stringMatching(/^(ok|no_content)$/)],
      [3, 'invalid'],
      [4, expect.stringMatching(/^(ok|no_content)$/)],
    ]);
    expect(output[1]?.messages).toEqual([
      'Session ID: the cell is empty — A3 is part of the merged cells A2:A3, whose value is on row 2; unmerge them in Excel and fill in each row.',
    ]);
  });
});
