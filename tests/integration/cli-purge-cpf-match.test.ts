import Database from 'better-sqlite3';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { dcdesk } from '../support/cli';
import { tempDir } from '../support/files';

/**
 * A data-subject request finds the CPF however its cell was typed (a row flagged `cpf: format`
 * keeps the cell as typed), and removes reviews only in the environments of the batches that
 * held it.
 */
let other: SandboxHandle;
beforeAll(async () => (other = await startSandbox()));
afterAll(() => other.close());

const cpf = '529.982.247-25';
const header = 'sessionID,externalID,CPF,E-mail,Telefone,CEP';
const line = (n: number, id: string, cell: string) =>
  `session-abcdefghijklmnopqrst0000${String(n)},${id},${cell},maria.silva@example.com,11987654321,01310-100`;

/** Every stored cell of the history's input rows holding a trace of the person. */
function traces(dir: string): string[] {
  const db = new Database(path.join(dir, 'history.sqlite3'), { readonly: true });
  try {
    return db
      .prepare<[], { external_id: string }>(
        `SELECT external_id FROM batch_rows
         WHERE cpf LIKE '%529%' OR email = 'maria.silva@example.com' ORDER BY external_id`,
      )
      .all()
      .map((row) => row.external_id);
  } finally {
    db.close();
  }
}

describe('dcdesk purge --cpf matches the CPF by its digits', () => {
  it('removes rows whose CPF cell has an invisible character, an en dash, a word or another number', async () => {
    const work = tempDir('dcdesk-cli-purge-cpf-match-');
    try {
      const cli = (...args: string[]) => dcdesk(args, { DCDESK_DATA_DIR: work.dir });
      writeFileSync(
        work.file('in.csv'),
        [
          header,
          line(1, 'TXN-000001', cpf),
          line(2, 'TXN-000002', '529.982.247\u201325'),
          line(3, 'TXN-000003', `${cpf}\u200b`),
          line(4, 'TXN-000004', '111.444.777-35'),
          line(5, 'TXN-000005', `CPF ${cpf}`),
          // Two CPFs in one cell (the person's and another's), and a number after the CPF.
          line(6, 'TXN-000006', `${cpf} / 111.444.777-35`),
          line(7, 'TXN-000007', `${cpf} (2)`),
        ].join('\n'),
      );
      const bulk = await cli('bulk', work.file('in.csv'), '--output', work.file('o.json'));
      // Five rows are invalid (`cpf: format`): stored as typed, not sent.
      expect(bulk.stderr).toContain('invalid 5');
      expect(traces(work.dir)).toHaveLength(7);

      const dry = await cli('purge', '--cpf', cpf, '--dry-run');
      expect(dry.stdout).toBe('Would remove 6 rows about that CPF.');
      const purge = await cli('purge', '--cpf', cpf, '--yes');
      expect(purge).toMatchObject({ code: 0, stdout: 'Removed 6 rows about that CPF.' });
      // The other person's row keeps its cells (the same e-mail was typed on it).
      expect(traces(work.dir)).toEqual(['TXN-000004']);
      expect((await cli('purge', '--cpf', cpf, '--yes')).stdout).toBe(
        'Removed 0 rows about that CPF.',
      );
    } finally {
      work.remove();
    }
  });
});

describe('dcdesk purge --cpf and the same transaction ID in another environment', () => {
  it("keeps the other environment's review of another person", async () => {
    const work = tempDir('dcdesk-cli-purge-cpf-env-');
    try {
      const cli = (...args: string[]) => dcdesk(args, { DCDESK_DATA_DIR: work.dir });
      writeFileSync(work.file('a.csv'), [header, line(1, 'TXN-000100', cpf)].join('\n'));
      writeFileSync(
        work.file('b.csv'),
        [header, line(2, 'TXN-000100', '111.444.777-35')].join('\n'),
      );
      writeFileSync(work.file('casos.csv'), 'Pedido,Resultado\r\nTXN-000100,Suspeito');
      expect((await cli('bulk', work.file('a.csv'), '--output', work.file('a.json'))).code).toBe(0);
      const b = await cli(
        'bulk',
        work.file('b.csv'),
        '--output',
        work.file('b.json'),
        '--base-url',
        other.url,
      );
      expect(b.code, b.stderr).toBe(0);
      expect((await cli('outcomes', 'import', work.file('casos.csv'))).stdout).toContain(
        'Applied 1 outcome.',
      );
      const there = await cli(
        'outcomes',
        'import',
        work.file('casos.csv'),
        '--base-url',
        other.url,
      );
      expect(there.stdout).toContain('Applied 1 outcome.');

      const purge = await cli('purge', '--cpf', cpf, '--yes');
      // Only the sandbox's review goes, and is counted: the other address's is another case.
      expect(purge).toMatchObject({
        code: 0,
        stdout: 'Removed 1 row about that CPF and 1 review of its transactions.',
      });
      const db = new Database(path.join(work.dir, 'history.sqlite3'), { readonly: true });
      try {
        const left = (table: string) =>
          db
            .prepare(`SELECT environment FROM ${table} WHERE external_id = 'TXN-000100'`)
            .pluck()
            .all();
        expect(left('outcomes')).toEqual([other.url]);
        expect(left('outcome_changes').length).toBeGreaterThan(0);
        expect(new Set(left('outcome_changes'))).toEqual(new Set([other.url]));
      } finally {
        db.close();
      }
    } finally {
      work.remove();
    }
  });
});
