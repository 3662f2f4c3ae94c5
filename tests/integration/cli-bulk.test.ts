import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { dcdesk } from '../support/cli';
import { tempDir, writeTransactionsCsv } from '../support/files';
import { cpfFrom, sampleTransaction } from '../support/transactions';

let sandbox: SandboxHandle;
const work = tempDir('dcdesk-cli-bulk-');
beforeAll(async () => (sandbox = await startSandbox()));
afterAll(async () => {
  await sandbox.close();
  work.remove();
});

const target = () => ['--data-dir', work.dir, '--base-url', sandbox.url];

interface Output {
  row: number;
  externalID: string | null;
  status: string;
  deviceID: string | null;
  messages: string[] | null;
}

/** Windows-1252 bytes, as Excel on a Brazilian workstation saves "CSV (separado por vírgulas)". */
function latin1(text: string): Buffer {
  return Buffer.from(text, 'latin1');
}

describe('dcdesk bulk', () => {
  it('reads a messy Brazilian CSV, keeps every row in order and says what is wrong with each', async () => {
    const [a, b, c] = [sampleTransaction(1), sampleTransaction(2), sampleTransaction(3)];
    const cpf = cpfFrom('052998224');
    const csv = [
      'Pedido;Sessão;CPF;E-mail;Celular;CEP',
      `${a.externalID};${a.sessionID};${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)};joão@exemplo.com.br;(11) 98765-4321;01310-100`,
      `${b.externalID};${b.sessionID};;;12345;`,
      `${a.externalID};${c.sessionID};;;;`,
    ].join('\r\n');
    writeFileSync(work.file('pedidos.csv'), latin1(csv));

    const run = await dcdesk([
      'bulk',
      work.file('pedidos.csv'),
      '--output',
      work.file('out.json'),
      ...target(),
    ]);
    expect(run.code).toBe(4);
    expect(run.stderr).toContain(`external ID ${a.externalID} appears on rows 2, 4`);
    const output = JSON.parse(readFileSync(work.file('out.json'), 'utf8')) as Output[];
    expect(output.map((record) => [record.row, record.status])).toEqual([
      [2, expect.stringMatching(/^(ok|no_content)$/)],
      [3, 'invalid'],
      [4, expect.stringMatching(/^(ok|no_content)$/)],
    ]);
    expect(output[1]?.messages?.[0]).toMatch(/phone/i);
    expect(output[1]?.deviceID).toBeNull();
    // The window shows the encoding it chose; the command line says it too when it is not UTF-8.
    expect(run.stderr).toContain(
      'dcdesk: note: pedidos.csv is not UTF-8; it was read as Windows-1252.',
    );
  });

  it('reads a semicolon table below a title line that has a comma in it', async () => {
    const transactions = [sampleTransaction(7), sampleTransaction(8)];
    const csv = [
      'Relatório de pedidos, gerado em 01/11/2026 10:00',
      'Sessão;Pedido;CEP',
      ...transactions.map((t) => `${t.sessionID};${t.externalID};01310-100`),
    ].join('\r\n');
    writeFileSync(work.file('titled.csv'), latin1(csv));

    const run = await dcdesk([
      'bulk',
      work.file('titled.csv'),
      '--output',
      work.file('titled.json'),
      ...target(),
    ]);
    expect(run.code, run.stderr).toBe(0);
    const output = JSON.parse(readFileSync(work.file('titled.json'), 'utf8')) as Output[];
    expect(output.map((record) => [record.row, record.externalID])).toEqual([
      [3, transactions[0]?.externalID],
      [4, transactions[1]?.externalID],
    ]);
  });

  it('names the other sheets and --sheet when the first sheet has no transactions', async () => {
    const t = sampleTransaction(6);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Leia-me'], ['notas']]), 'Notas');
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ['externalID', 'sessionID'],
        [t.externalID, t.sessionID],
      ]),
      'Pedidos',
    );
    writeFileSync(
      work.file('notes-first.xlsx'),
      XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer,
    );
    const args = ['bulk', work.file('notes-first.xlsx'), '--output', work.file('nf.json')];
    const first = await dcdesk([...args, ...target()]);
    expect(first.code).toBe(1);
    expect(first.stderr).toContain(
      "This is sheet 'Notas'; sheet 'Pedidos' has a session ID and an external ID column: run again with --sheet Pedidos.",
    );
    const chosen = await dcdesk([...args, '--sheet', 'Pedidos', ...target()]);
    expect(chosen.code, chosen.stderr).toBe(0);
  });

  it('restores the leading zeros of numeric CPF cells in an xlsx and writes csv and xlsx outputs', async () => {
    const t = sampleTransaction(5);
    const cpf = cpfFrom('012345678');
    const sheet = XLSX.utils.aoa_to_sheet([
      ['externalID', 'sessionID', 'CPF'],
      [t.externalID, t.sessionID, Number(cpf)],
    ]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Transações');
    writeFileSync(
      work.file('numeric.xlsx'),
      XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer,
    );

    const csvRun = await dcdesk([
      'bulk',
      work.file('numeric.xlsx'),
      '--output',
      work.file('out.csv'),
      ...target(),
    ]);
    expect(csvRun.code, csvRun.stderr).toBe(0);
    expect(csvRun.stderr).toMatch(
      /1 CPF cell was a number shorter than 11 digits; its leading zeros were restored \(row 2\)/,
    );
    const lines = readFileSync(work.file('out.csv'), 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/^row,externalID,sessionID,status,/);
    expect(lines[1]).toContain(t.externalID);

    const xlsxRun = await dcdesk([
      'bulk',
      work.file('numeric.xlsx'),
      '--output',
      work.file('out.xlsx'),
      ...target(),
    ]);
    expect(xlsxRun.code).toBe(0);
    const written = XLSX.read(readFileSync(work.file('out.xlsx')));
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(
      written.Sheets[written.SheetNames[0]!]!,
    );
    expect(rows[0]).toMatchObject({ row: 2, externalID: t.externalID });
  });

  it('sends an xlsx ID stored as a number under a zero-padded format as Excel shows it', async () => {
    const [a, b] = [sampleTransaction(9), sampleTransaction(10)];
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Sessão', 'Pedido'],
      [a.sessionID, 123456],
      [b.sessionID, 7654321],
    ]);
    for (const at of ['B2', 'B3']) (sheet[at] as XLSX.CellObject).z = '000000000';
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Plan1');
    for (const bookType of ['xlsx', 'xls'] as const) {
      const file = work.file(`padded.${bookType}`);
      writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType }) as Buffer);
      const out = work.file(`padded-${bookType}.json`);
      const run = await dcdesk(['bulk', file, '--output', out, ...target()]);
      expect(run.code, run.stderr).toBe(0);
      const output = JSON.parse(readFileSync(out, 'utf8')) as Output[];
      // As Excel shows them, and as the CSV it saves holds them.
      expect(output.map((record) => record.externalID)).toEqual(['000123456', '007654321']);
    }
  });

  it('reuses recent answers with --skip-recent instead of sending them again', async () => {
    writeTransactionsCsv(work.file('first.csv'), 30);
    writeTransactionsCsv(work.file('second.csv'), 40);
    expect(
      (await dcdesk(['bulk', work.file('first.csv'), '--output', work.file('1.json'), ...target()]))
        .code,
    ).toBe(0);
    sandbox.resetCounters();
    const second = await dcdesk([
      'bulk',
      work.file('second.csv'),
      '--output',
      work.file('2.json'),
      '--skip-recent',
      '7',
      ...target(),
    ]);
    expect(second.code).toBe(0);
    expect(second.stderr).toMatch(/30 rows reuse an answer from the last 7 days/);
    expect(Object.keys(sandbox.counters().perExternalId)).toHaveLength(10);
    expect(JSON.parse(readFileSync(work.file('2.json'), 'utf8'))).toHaveLength(40);
  });

  it('lists batches as JSON, newest first, with their counts', async () => {
    const run = await dcdesk(['batches', '--json', '--data-dir', work.dir]);
    expect(run.code).toBe(0);
    const batches = JSON.parse(run.stdout) as Array<Record<string, unknown>>;
    expect(batches[0]).toMatchObject({
      source: 'second.csv',
      state: 'finished',
      total: 40,
      done: 40,
      invalid: 0,
      stored: 40,
      needsFile: false,
    });
    expect(Object.keys(batches[0]!).sort()).toEqual(
      [
        'createdAt',
        'done',
        'environment',
        'failed',
        'id',
        'invalid',
        'needsFile',
        'noContent',
        'ok',
        'rejected',
        'source',
        'state',
        'stored',
        'total',
      ].sort(),
    );
    expect(batches.at(-1)).toMatchObject({ source: 'pedidos.csv', invalid: 1 });
    expect(batches[0]?.environment).toBe(sandbox.url);
  });

  it('lists batches as a table with a header row and the invalid count, columns aligned', async () => {
    const run = await dcdesk(['batches', '--data-dir', work.dir]);
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]?.split(/\s+/)).toEqual([
      'ID',
      'STATE',
      'ENVIRONMENT',
      'DONE',
      'TOTAL',
      'OK',
      'INVALID',
      'FAILED',
      'SOURCE',
    ]);
    // Every line has SOURCE at the same column, and the oldest batch shows its one invalid row.
    const sourceAt = lines[0]?.indexOf('SOURCE');
    expect(lines.at(-1)?.indexOf('pedidos.csv')).toBe(sourceAt);
    const oldest = lines.at(-1)?.split(/\s+/) ?? [];
    expect(oldest[6]).toBe('1');
    expect(oldest[2]).toBe(sandbox.url);
  });

  it('refuses unreadable input with one clear line and exit code 1, storing nothing', async () => {
    writeFileSync(work.file('program.csv'), Buffer.from('MZ\x90\x00\x03\x00\x00\x00binary'));
    const bad = await dcdesk([
      'bulk',
      work.file('program.csv'),
      '--output',
      work.file('x.json'),
      ...target(),
    ]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/program\.csv: /);
    const missing = await dcdesk([
      'bulk',
      work.file('nope.csv'),
      '--output',
      work.file('x.json'),
      ...target(),
    ]);
    expect(missing).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/no such file/) as unknown,
    });
    const wrongOutput = await dcdesk([
      'bulk',
      work.file('first.csv'),
      '--output',
      work.file('x.txt'),
      ...target(),
    ]);
    expect(wrongOutput.code).toBe(2);
    const unknownBatch = await dcdesk([
      'bulk',
      '--resume',
      'nope',
      '--output',
      work.file('x.json'),
      ...target(),
    ]);
    expect(unknownBatch).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/no batch nope/) as unknown,
    });
  });
});

describe('dcdesk settings and purge', () => {
  it('stores checked settings that bulk uses, and purges on demand', async () => {
    const set = await dcdesk(['settings', 'set', 'retentionDays', '30', '--data-dir', work.dir]);
    expect(set.stdout).toMatch(/retentionDays\s+30/);
    // One column of names, one of values, every value starting at the same place.
    const starts = set.stdout.split('\n').map((line) => /^\S+\s+/.exec(line)?.[0].length);
    expect(new Set(starts).size).toBe(1);
    expect(
      (await dcdesk(['settings', 'set', 'concurrency', '100', '--data-dir', work.dir])).code,
    ).toBe(2);
    expect((await dcdesk(['settings', 'set', 'colour', 'blue', '--data-dir', work.dir])).code).toBe(
      2,
    );
    // `1.000` is a thousand to a Portuguese reader: it was stored as 1 day, and the next command
    // purged every batch older than that. `0x10` and `1e2` were stored as 16 and 100.
    for (const [key, value, said] of [
      [
        'retentionDays',
        '1.000',
        /retentionDays takes a whole number from 1 to 3650; '1\.000' has a thousands separator: write 1000/,
      ],
      ['ratePerSecond', '1.000', /'1\.000' has a thousands separator: write 1000, or a decimal/],
      ['maxRows', '1 000', /'1 000' has a thousands separator/],
      ['retentionDays', '0x10', /retentionDays takes a whole number/],
      ['maxRows', '1e2', /maxRows takes a whole number/],
      ['ratePerSecond', '0.09', /ratePerSecond takes a number from 0\.1 to 10000, not '0\.09'/],
      ['tourDismissed', 'yes', /tourDismissed takes true or false, not 'yes'/],
    ] as const) {
      const refused = await dcdesk(['settings', 'set', key, value, '--data-dir', work.dir]);
      expect(refused).toMatchObject({ code: 2, stderr: expect.stringMatching(said) as unknown });
    }
    const kept = await dcdesk(['settings', '--json', '--data-dir', work.dir]);
    expect(JSON.parse(kept.stdout)).toMatchObject({ retentionDays: 30, maxRows: 1_048_576 });
    // A decimal comma is a decimal mark here too, as in the app's fields.
    const rate = await dcdesk(['settings', 'set', 'ratePerSecond', '2,5', '--data-dir', work.dir]);
    expect(rate.stdout).toMatch(/ratePerSecond\s+2\.5/);
    // The app's check on an address, at this door too: plain http would carry the password.
    const insecure = await dcdesk([
      'settings',
      'set',
      'productionBaseUrl',
      'http://example.com',
      '--data-dir',
      work.dir,
    ]);
    expect(insecure.code).toBe(2);
    expect(insecure.stderr).toMatch(/productionBaseUrl: The base URL must use https:\/\//);
    const shown = await dcdesk(['settings', '--json', '--data-dir', work.dir]);
    expect((JSON.parse(shown.stdout) as { productionBaseUrl: string }).productionBaseUrl).toMatch(
      /^https:/,
    );

    const purge = await dcdesk(['purge', '--older-than', '1', '--data-dir', work.dir]);
    expect(purge).toMatchObject({
      code: 0,
      stdout: 'Removed 0 batches (0 rows) older than 1 day.',
    });
    // A migration backup and a damaged file moved aside may hold the CPF: they go as a whole.
    const cpf = sampleTransaction(3).cpf ?? '';
    const copies = ['history.before-v4-20261101.sqlite3', 'history.damaged-20261102.sqlite3'];
    for (const name of copies) writeFileSync(path.join(work.dir, name), `cpf ${cpf}`);
    writeFileSync(path.join(work.dir, 'history.before-v4-20261101.sqlite3-wal'), cpf);
    writeFileSync(path.join(work.dir, 'notes.sqlite3'), 'not a copy of the history');
    const forget = await dcdesk(['purge', '--cpf', cpf, '--yes', '--data-dir', work.dir]);
    expect(forget.stdout).toBe(
      'Removed 2 rows about that CPF.\n' +
        'Deleted 2 older copies of the history (backups or damaged files) that may have held it.',
    );
    expect(
      readdirSync(work.dir).filter((name) => name.includes('before-v') || name.includes('damaged')),
    ).toEqual([]);
    expect(existsSync(path.join(work.dir, 'notes.sqlite3'))).toBe(true);
  });
});
