import Database from 'better-sqlite3';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { dcdesk } from '../support/cli';
import { tempDir } from '../support/files';
import { sampleTransaction } from '../support/transactions';

/**
 * `purge --cpf` removes the reviews of the CPF's transactions, also one set on another batch's
 * row of the same transaction (a row without that CPF, which stays): the dry run, the question
 * and `--json` say how many reviews go, as `purge --batch` does.
 */
let sandbox: SandboxHandle;
const work = tempDir('dcdesk-cli-purge-cpf-reviews-');
const person = sampleTransaction(1);
const other = sampleTransaction(2);
const cpf = person.cpf ?? '';

beforeAll(async () => {
  sandbox = await startSandbox();
  // The same order looked up twice: first with the CPF, later (another session) with another.
  const file = (name: string, session: string, holder: string) => {
    writeFileSync(
      work.file(name),
      `Pedido;Sessão;CPF\r\n${person.externalID};${session};${holder}\r\n`,
      'utf8',
    );
    return work.file(name);
  };
  for (const [name, session, holder] of [
    ['primeiro.csv', person.sessionID, cpf],
    ['segundo.csv', other.sessionID, other.cpf ?? ''],
  ] as const) {
    const input = file(name, session, holder);
    const run = await dcdesk([
      'bulk',
      input,
      '--output',
      work.file(`${name}.out.csv`),
      '--data-dir',
      work.dir,
      '--base-url',
      sandbox.url,
    ]);
    expect(run.code, run.stderr).toBe(0);
  }
  // Reviewed from a spreadsheet: the outcome goes on the newest lookup, the row without the CPF.
  writeFileSync(
    work.file('casos.csv'),
    `Pedido;Resultado\r\n${person.externalID};Fraude Confirmada\r\n`,
    'utf8',
  );
  const imported = await dcdesk([
    'outcomes',
    'import',
    work.file('casos.csv'),
    '--data-dir',
    work.dir,
    '--base-url',
    sandbox.url,
  ]);
  expect(imported.code, imported.stderr).toBe(0);
});
afterAll(async () => {
  await sandbox.close();
  work.remove();
});

const reviews = () => {
  const db = new Database(path.join(work.dir, 'history.sqlite3'), { readonly: true });
  try {
    return db.prepare('SELECT COUNT(*) FROM outcomes').pluck().get();
  } finally {
    db.close();
  }
};

describe('dcdesk purge --cpf and the reviews it removes', () => {
  it('counts them in the dry run, in words and in --json', async () => {
    expect(reviews()).toBe(1);
    const text = await dcdesk(['purge', '--cpf', cpf, '--dry-run', '--data-dir', work.dir]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('Would remove 1 row about that CPF and 1 review');
    const json = await dcdesk([
      'purge',
      '--cpf',
      cpf,
      '--dry-run',
      '--json',
      '--data-dir',
      work.dir,
    ]);
    expect(JSON.parse(json.stdout)).toMatchObject({ cpfRows: 1, outcomes: 1, dryRun: true });
    expect(reviews()).toBe(1);
  });

  it('says what goes when it deletes', async () => {
    const run = await dcdesk(['purge', '--cpf', cpf, '--yes', '--json', '--data-dir', work.dir]);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ cpfRows: 1, outcomes: 1, dryRun: false });
    expect(reviews()).toBe(0);
  });
});
