import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { sampleTransaction } from '../support/transactions';
import { dcdesk } from '../support/cli';
import { tempDir, writeTransactionsCsv } from '../support/files';

/**
 * A purge while another program reads the history (the app open on it, another dcdesk): the
 * checkpoint that wipes the erased pages from the write-ahead log cannot end, and the command says
 * so instead of saying the data is gone; the next opening, the reader gone, wipes them.
 */
let sandbox: SandboxHandle;
const work = tempDir('dcdesk-purge-reader-');
const history = () => path.join(work.dir, 'history.sqlite3');
/** The write-ahead log's size; none left (the last connection closed) is none. */
const walBytes = () => {
  const wal = `${history()}-wal`;
  return existsSync(wal) ? statSync(wal).size : 0;
};
const notWiped =
  'Another program is reading the history (the app, or another dcdesk): the removed data stays in its file until that program closes it; the next dcdesk command or app start then wipes it.';

beforeAll(async () => {
  sandbox = await startSandbox();
  writeTransactionsCsv(work.file('pedidos.csv'), 3);
  for (const output of ['a.json', 'b.json']) {
    const bulk = await dcdesk([
      'bulk',
      work.file('pedidos.csv'),
      '--output',
      work.file(output),
      '--data-dir',
      work.dir,
      '--base-url',
      sandbox.url,
    ]);
    expect(bulk.code, bulk.stderr).toBe(0);
  }
});
afterAll(async () => {
  await sandbox.close();
  work.remove();
});

/** Runs `argv` while another connection holds a read transaction open on the history. */
async function whileRead(argv: string[]) {
  const reader = new Database(history(), { readonly: true });
  reader.exec('BEGIN');
  reader.prepare('SELECT COUNT(*) FROM batch_rows').get();
  try {
    return await dcdesk([...argv, '--data-dir', work.dir]);
  } finally {
    reader.exec('COMMIT');
    reader.close();
  }
}

describe('dcdesk purge while another program reads the history', () => {
  it('says a CPF request could not wipe the file yet, and the next opening wipes it', async () => {
    const cpf = sampleTransaction(1).cpf ?? '';
    const run = await whileRead(['purge', '--cpf', cpf, '--yes']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Removed 2 rows about that CPF.');
    expect(run.stdout).toContain(notWiped);
    expect(walBytes()).toBeGreaterThan(0);
    const json = await whileRead([
      'purge',
      '--cpf',
      sampleTransaction(2).cpf ?? '',
      '--yes',
      '--json',
    ]);
    expect(JSON.parse(json.stdout)).toMatchObject({ cpfRows: 2, wiped: false });

    const next = await dcdesk(['batches', '--data-dir', work.dir]);
    expect(next.code).toBe(0);
    expect(walBytes()).toBe(0);
  });

  it('says a batch deletion could not wipe the file yet', async () => {
    const listed = await dcdesk(['batches', '--json', '--data-dir', work.dir]);
    const [batch] = JSON.parse(listed.stdout) as Array<{ id: string }>;
    const run = await whileRead(['purge', '--batch', batch?.id ?? '', '--yes']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(notWiped);
    const alone = await dcdesk(['purge', '--batch', 'b-none', '--yes', '--data-dir', work.dir]);
    expect(alone.stdout).not.toContain(notWiped);
  });
});
