import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { dcdesk } from '../support/cli';
import { tempDir } from '../support/files';

/**
 * A phone outside Brazil is not split by Brazil's digit count (a 2-digit DDD): `212 555 1234`
 * with a country-code column of 1 once went as DDD 21 + 25551234, an area code and a number the
 * customer never had, while `+1 212 555 1234` was refused.
 */
const work = tempDir('dcdesk-cli-phone-country-');
afterAll(() => work.remove());
const at = ['--data-dir', work.dir, '--env', 'sandbox'];
const unmarked =
  'Phone: outside Brazil the area code cannot be told from the number by counting digits';

interface Output {
  row: number;
  status: string;
  messages: string[] | null;
}

describe('a phone with a country code other than 55', () => {
  it('bulk holds back a row whose area code is not marked, and sends the marked ones', async () => {
    const csv = [
      'Pedido;Sessao;DDI;Celular',
      'PED-000002;sess-000000000000000000000002;1;212 555 1234',
      'PED-000003;sess-000000000000000000000003;1;(212) 5555-1234',
      'PED-000004;sess-000000000000000000000004;;+1 212 5555 1234',
      'PED-000005;sess-000000000000000000000005;55;11 98765-4321',
    ].join('\r\n');
    writeFileSync(work.file('p.csv'), csv);
    const run = await dcdesk(['bulk', work.file('p.csv'), '--output', work.file('p.json'), ...at]);
    expect(run.code, run.stderr).toBe(4);
    const output = JSON.parse(readFileSync(work.file('p.json'), 'utf8')) as Output[];
    expect(output.map((record) => [record.row, record.status])).toEqual([
      [2, 'invalid'],
      [3, expect.stringMatching(/^(ok|no_content)$/)],
      [4, expect.stringMatching(/^(ok|no_content)$/)],
      [5, expect.stringMatching(/^(ok|no_content)$/)],
    ]);
    expect(output[0]?.messages).toEqual([expect.stringContaining(unmarked)]);
  });

  it('lookup refuses the column form and the +CC form alike, sending nothing', async () => {
    const ids = ['--session-id', 'sess-000000000000000000000009', '--external-id', 'PED-000009'];
    const column = await dcdesk([
      'lookup',
      ...ids,
      '--country-code',
      '1',
      '--phone',
      '212 555 1234',
      ...at,
    ]);
    expect(column.code, column.stderr).toBe(2);
    expect(column.stderr).toContain('nothing was sent');
    expect(column.stderr).toContain(unmarked);
    // Marked, the area code is 212, and the 7 digits left are too few for the service.
    const plus = await dcdesk(['lookup', ...ids, '--phone', '+1 212 555 1234', ...at]);
    expect(plus.code, plus.stderr).toBe(2);
    expect(plus.stderr).toContain('Phone number: must be 8 to 9 digits.');
    const marked = await dcdesk([
      'lookup',
      ...ids,
      '--country-code',
      '1',
      '--phone',
      '(212) 555 1234',
      ...at,
    ]);
    expect(marked.stderr).toBe(plus.stderr);
  });

  it('lookup sends a marked area code from either form', async () => {
    for (const phone of [
      ['--phone', '+1 212 5555 1234'],
      ['--country-code', '1', '--phone', '(212) 5555-1234'],
    ]) {
      const ids = ['--session-id', 'sess-000000000000000000000010', '--external-id', 'PED-000010'];
      const run = await dcdesk(['lookup', ...ids, ...phone, ...at]);
      expect(run.code, run.stderr).toBe(0);
    }
  });
});
