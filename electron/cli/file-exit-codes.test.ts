/**
 * The README's exit codes: 1 when a file could not be used, 2 for a mistake in the command line.
 * An empty, missing, UTF-16, binary or badly quoted input file is the file's fault, not the
 * command's: it exits 1, without the "--help for usage" hint that would send the analyst to the
 * flags. Each command that reads a file (bulk, outcomes import, upload) is run here in process,
 * on real files in a temporary folder.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as XLSX from 'xlsx';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './run';
import { scriptedInput } from './terminal-input';
import type { Io } from './io';

const dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-file-exit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: string, bytes: string | Buffer): string => {
  const at = path.join(dir, name);
  writeFileSync(at, bytes);
  return at;
};

async function dcdesk(argv: string[]): Promise<{ code: number; stderr: string }> {
  const err: string[] = [];
  const io: Io = {
    out: () => undefined,
    err: (text) => err.push(text),
    env: { DCDESK_DATA_DIR: path.join(dir, 'data') },
    isTerminal: false,
    stopped: new Promise(() => undefined),
    ...scriptedInput(''),
  };
  const code = await runCli(argv, io);
  return { code, stderr: err.join('\n') };
}

const inputs: Array<[string, () => string, RegExp]> = [
  ['an empty file', () => file('empty.csv', ''), /empty\.csv: The file is empty\./],
  ['a missing file', () => path.join(dir, 'absent.csv'), /absent\.csv: no such file/],
  [
    'a UTF-16 file',
    () => file('utf16.csv', Buffer.from('\uFEFFsessionID,externalID\r\ns1,e1\r\n', 'utf16le')),
    /utf16\.csv: The file is UTF-16 text/,
  ],
  [
    'an unclosed quote',
    () => file('quote.csv', 'sessionID,externalID\n"s1,e1\ns2,e2\n'),
    /quote\.csv: A quoted field that starts in row 2 is never closed/,
  ],
  [
    'a header row alone',
    () => file('header.csv', 'sessionID,externalID\n'),
    /header\.csv: the sheet has a header row but no data rows/,
  ],
  [
    'no column for the IDs',
    () => file('columns.csv', 'a,b\n1,2\n'),
    /columns\.csv: no column for sessionID and externalID/,
  ],
];

describe('a file that cannot be used exits 1, with no usage hint', () => {
  it.each(inputs)('dcdesk bulk: %s', async (_, input, message) => {
    const run = await dcdesk(['bulk', input(), '--output', path.join(dir, 'out.csv')]);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toMatch(/--help/);
    expect(run.code).toBe(1);
  });

  it('dcdesk outcomes import: a missing, empty or binary file', async () => {
    for (const input of [
      path.join(dir, 'absent.xlsx'),
      file('none.csv', ''),
      file('program.csv', Buffer.from('MZ\x90\x00\x03\x00\x00\x00binary')),
    ]) {
      const run = await dcdesk(['outcomes', 'import', input]);
      expect(run.stderr).not.toMatch(/--help/);
      expect(run.code, run.stderr).toBe(1);
    }
  });

  it('dcdesk upload: a missing file', async () => {
    const run = await dcdesk(['upload', path.join(dir, 'absent.csv'), '--env', 'sandbox']);
    expect(run.stderr).toMatch(/absent\.csv: no such file/);
    expect(run.stderr).not.toMatch(/--help/);
    expect(run.code).toBe(1);
  });
});

describe('a mistake in the command line still exits 2, with the usage hint', () => {
  it('--sheet on a CSV', async () => {
    const csv = file('rows.csv', 'sessionID,externalID\ns1,e1\n');
    const run = await dcdesk(['bulk', csv, '--output', path.join(dir, 'o.csv'), '--sheet', 'X']);
    expect(run.stderr).toMatch(/it has no sheets, so --sheet does not apply/);
    expect(run.stderr).toMatch(/Run 'dcdesk bulk --help' for usage/);
    expect(run.code).toBe(2);
  });

  it('--sheet naming a sheet the workbook does not have, in bulk and outcomes import', async () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['sessionID'], ['s1']]), 'Pedidos');
    const xlsx = file(
      'book.xlsx',
      XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer,
    );
    for (const argv of [
      ['bulk', xlsx, '--output', path.join(dir, 'o.csv'), '--sheet', 'Junho'],
      ['outcomes', 'import', xlsx, '--sheet', 'Junho'],
    ]) {
      const run = await dcdesk(argv);
      expect(run.stderr).toMatch(/book\.xlsx: The workbook has no sheet named "Junho"/);
      expect(run.code, run.stderr).toBe(2);
    }
  });

  it('dcdesk upload of a file that is not .csv or .zip', async () => {
    const run = await dcdesk(['upload', file('notes.txt', 'x'), '--env', 'sandbox']);
    expect(run.code).toBe(2);
  });
});
