import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/create-core';
import { createKeychainStore } from '../../electron/core/credentials/keychain';
import { validateTransaction } from '../../shared/domain/transaction';
import {
  autoMapColumns,
  detectHeaderRow,
  headerTexts,
  readSpreadsheet,
  rowsToTransactions,
} from '../../shared/spreadsheet';
import {
  sampleFile,
  sampleHeader,
  sampleProblems,
  sampleRowCount,
  sampleRows,
} from '../../scripts/sample-rows';
import { startSandbox } from '../../electron/sandbox';

const committed = path.join('resources', sampleFile);
const keychain = createKeychainStore({ service: `Device Check Desk tests ${randomUUID()}` });
const dirs: string[] = [];
const cores: Core[] = [];

async function core(resourcesDir?: string): Promise<Core> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dcdesk-sample-'));
  dirs.push(dataDir);
  const created = await createCore({
    dataDir,
    fetch: globalThis.fetch,
    keychain,
    startSandbox,
    version: '0.0.0-test',
    locale: 'pt-BR',
    platform: process.platform,
    ...(resourcesDir === undefined ? {} : { resourcesDir }),
  });
  if (!created.ok) throw new Error(created.error.message);
  cores.push(created.value);
  return created.value;
}

afterAll(async () => {
  for (const opened of cores) await opened.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function readCommitted() {
  const read = readSpreadsheet(new Uint8Array(readFileSync(committed)), 'sample.xlsx');
  if (!read.ok) throw new Error(read.problem.message);
  return read.value;
}

describe('the sample spreadsheet in resources/', () => {
  it('is what scripts/make-sample.ts builds (run it again after changing the rows)', () => {
    const sheet = readCommitted();
    expect(sheet.rows[0]?.map((cell) => cell?.text)).toEqual(sampleHeader);
    const texts = sheet.rows.slice(1).map((row) => row.map((cell) => cell?.text ?? null));
    const expected = sampleRows().map((row) =>
      row.map((value) => (value === null ? null : String(value))),
    );
    expect(texts).toEqual(expected);
  });

  it('maps by its headers and gives the import report 37 valid rows and the 3 planned problems', () => {
    const { rows } = readCommitted();
    const header = detectHeaderRow(rows);
    const mapping = autoMapColumns(headerTexts(rows, header));
    expect(mapping).toEqual({
      externalID: 0,
      sessionID: 2,
      cpf: 3,
      email: 4,
      phone: 5,
      zipCode: 6,
    });
    const transactions = rowsToTransactions(rows, header, mapping);
    expect(transactions).toHaveLength(sampleRowCount);
    expect(transactions.flatMap((row) => row.notes)).toEqual([]);
    const problems = Object.fromEntries(
      transactions.flatMap(({ row, raw }) => {
        const check = validateTransaction(raw);
        return check.ok ? [] : [[row, check.problems.map(({ field, rule }) => ({ field, rule }))]];
      }),
    );
    expect(problems).toEqual(
      Object.fromEntries(Object.entries(sampleProblems).map(([row, problem]) => [row, [problem]])),
    );
    const ids = transactions.map((row) => row.raw.externalID);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('app.sample', () => {
  it('returns the file from the resources folder as base64, with its name and type', async () => {
    const answer = await (await core(path.resolve('resources'))).call('app.sample', {});
    expect(answer).toMatchObject({
      ok: true,
      value: {
        fileName: 'sample-transactions.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
    });
    const { base64 } = (answer as { value: { base64: string } }).value;
    expect(Buffer.from(base64, 'base64').equals(readFileSync(committed))).toBe(true);
  });

  it('defaults to resources/ of the working folder, as in development and tests', async () => {
    expect(await (await core()).call('app.sample', {})).toMatchObject({ ok: true });
  });

  it('says the file is missing, as a file error, when the resources folder lacks it', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'dcdesk-no-resources-'));
    dirs.push(empty);
    const answer = await (await core(empty)).call('app.sample', {});
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'file', message: expect.stringContaining('sample spreadsheet') as unknown },
    });
  });

  it('refuses input: the operation takes none', async () => {
    const answer = await (await core()).call('app.sample', { path: '/etc/passwd' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'validation' } });
  });
});
