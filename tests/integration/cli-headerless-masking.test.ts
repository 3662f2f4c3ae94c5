/**
 * A customer's data quoted in `dcdesk`'s messages (attack c2): a file without a header row has
 * its first row, one customer's, taken for the column names, and an outcome column may hold
 * CPFs. A nightly job's standard error is a log, where CPF, e-mail and phone are masked.
 */
import { writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { dcdesk } from '../support/cli';
import { tempDir } from '../support/files';

const work = tempDir('dcdesk-headerless-masking-');
afterAll(() => work.remove());

const person = ['529.982.247-25', 'maria.silva@example.com', '98765-4321', '52998224725'];
const file = (name: string, text: string) => {
  writeFileSync(work.file(name), text, 'utf8');
  return work.file(name);
};
const run = (args: string[]) => dcdesk([...args, '--data-dir', work.dir]);

describe("a customer's data in dcdesk's messages", () => {
  it('is masked where a headerless file has its first row taken for the column names', async () => {
    const orders = file(
      'orders.csv',
      'session-aaaaaaaaaaaaaaaaaaaa01,PED-100001,529.982.247-25,maria.silva@example.com,+55 11 98765-4321,01310-100\n',
    );
    const bulk = await run(['bulk', orders, '--output', work.file('out.json')]);
    expect(bulk.code).toBe(1);
    expect(bulk.stderr).toMatch(/\*\*\*\.\*\*\*\.\*\*\*-\*\*, m\*\*\*@example\.com/);
    expect(bulk.stderr).toMatch(/That row holds values .* not column names/);
    const cases = file('cases.csv', 'maria.silva@example.com,529.982.247-25,Suspeito\n');
    const outcomes = await run(['outcomes', 'import', cases, '--dry-run']);
    expect(outcomes.code).toBe(1);
    expect(outcomes.stderr).toMatch(/headers found: m\*\*\*@example\.com, \*\*\*\.\*\*\*/);
    for (const value of person) {
      expect(bulk.stderr + bulk.stdout).not.toContain(value);
      expect(outcomes.stderr + outcomes.stdout).not.toContain(value);
    }
  });

  it('is masked where an outcome column holds it in place of outcomes', async () => {
    const cases = file(
      'unknown.csv',
      'ID Transacional,Resultado\nPED-100001,529.982.247-25\nPED-100002,maria.silva@example.com\nPED-100003,+55 (11) 98765-4321\nPED-100004,Talvez\n',
    );
    const outcomes = await run(['outcomes', 'import', cases, '--dry-run']);
    const said = outcomes.stdout + outcomes.stderr;
    expect(said).toMatch(/row 2: '\*\*\*\.\*\*\*\.\*\*\*-\*\*'/);
    expect(said).toMatch(/row 5: 'Talvez'/);
    for (const value of person) expect(said).not.toContain(value);
  });
});
