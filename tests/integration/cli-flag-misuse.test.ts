import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dcdesk } from '../support/cli';
import { tempDir, writeTransactionsCsv } from '../support/files';

const work = tempDir('dcdesk-cli-misuse-');
afterAll(() => work.remove());
const at = ['--data-dir', work.dir, '--env', 'sandbox'];
let batchId = '';

beforeAll(async () => {
  writeTransactionsCsv(work.file('in.csv'), 3);
  const run = await dcdesk(['bulk', work.file('in.csv'), '-o', work.file('a.json'), ...at]);
  expect(run.code, run.stderr).toBe(0);
  const list = await dcdesk(['batches', '--json', '--data-dir', work.dir]);
  batchId = (JSON.parse(list.stdout) as Array<{ id: string }>)[0]?.id ?? '';
});

describe('bulk --resume and the pace flags', () => {
  it('refuses out-of-range values as a new batch does (exit 2)', async () => {
    const out = work.file('r.json');
    const concurrency = await dcdesk([
      'bulk',
      '--resume',
      batchId,
      '-o',
      out,
      ...at,
      '--concurrency',
      '999',
    ]);
    expect(concurrency.code, concurrency.stderr).toBe(2);
    expect(concurrency.stderr).toMatch(
      /--concurrency takes a whole number from 1 to 64, not '999'/,
    );
    const rate = await dcdesk(['bulk', '--resume', batchId, '-o', out, ...at, '--rate', 'abc']);
    expect(rate.code, rate.stderr).toBe(2);
    expect(rate.stderr).toMatch(/--rate takes a number from 0.1 to 10000, not 'abc'/);
  });

  it('runs with the values given, and -v says them and the stored ones', async () => {
    const run = await dcdesk([
      'bulk',
      '--resume',
      batchId,
      '-o',
      work.file('r.json'),
      ...at,
      '--concurrency',
      '4',
      '--rate',
      '50',
      '-v',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      'dcdesk: concurrency 4 · rate 50/s · timeout 30000 ms (stored with the batch: concurrency 8 · rate unlimited · timeout 30000 ms)',
    );
  });

  it('stores the concurrency and rate a resume gives, so the next run uses them', async () => {
    const again = ['bulk', '--resume', batchId, '-o', work.file('r2.json'), ...at, '-v'];
    const run = await dcdesk(again);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      'dcdesk: concurrency 4 · rate 50/s · timeout 30000 ms (as stored with the batch)',
    );
  });
});

describe('flags that would be ignored are refused', () => {
  it('--retry-failed without --resume', async () => {
    const run = await dcdesk([
      'bulk',
      work.file('in.csv'),
      '-o',
      work.file('x.json'),
      ...at,
      '--retry-failed',
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /--retry-failed sends the failed rows of a stored batch again: use it with --resume BATCH_ID/,
    );
  });

  it('--sheet with a CSV file', async () => {
    const run = await dcdesk([
      'bulk',
      work.file('in.csv'),
      '-o',
      work.file('x.json'),
      ...at,
      '--sheet',
      'Plan1',
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/in.csv is a CSV file: it has no sheets, so --sheet does not apply/);
  });

  it('a CSV is not described as a sheet', async () => {
    const run = await dcdesk(['bulk', work.file('in.csv'), '-o', work.file('y.json'), ...at]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/3 rows from in.csv stored/);
    expect(run.stderr).not.toMatch(/\(sheet /);
  });
});

describe('flags missing their value', () => {
  it.each([
    ['--rate', '-5', /--rate takes a number from 0.1 to 10000, not '-5'/],
    ['--concurrency', '-1', /--concurrency takes a whole number from 1 to 64, not '-1'/],
  ])('%s %s is the value, refused by its range', async (flag, value, says) => {
    const run = await dcdesk([
      'bulk',
      work.file('in.csv'),
      '-o',
      work.file('x.json'),
      ...at,
      flag,
      value,
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(says);
  });

  it('--resume followed by another flag needs a batch ID', async () => {
    const run = await dcdesk(['bulk', '--resume', '--output', work.file('x.json'), ...at]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--resume needs a batch ID; it was followed by --output\./);
  });

  it('a flag at the end needs its value', async () => {
    const run = await dcdesk(['batches', '--data-dir']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--data-dir needs a folder\./);
  });
});

describe('names from files are printed on one line', () => {
  it('a line feed in a file name forges no row of dcdesk batches', async () => {
    const forged = work.file('pedidos\n20991231-000000-fake  finished  production.csv');
    writeTransactionsCsv(forged, 2);
    const run = await dcdesk(['bulk', forged, '-o', work.file('z.json'), ...at]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('pedidos\\u000a20991231-000000-fake');
    const list = await dcdesk(['batches', '--data-dir', work.dir]);
    expect(list.stdout).not.toMatch(/^20991231/m);
    expect(list.stdout).toContain('pedidos\\u000a20991231-000000-fake  finished  production.csv');
  });

  it('a line feed in a repeated external ID forges no line of the warnings', async () => {
    const input = work.file('repeated.csv');
    const id = '"PED-1\ndcdesk: done, nothing to check"';
    writeFileSync(input, `external_id,session_id\n${id},s1\n${id},s2\n`);
    const run = await dcdesk(['bulk', input, '-o', work.file('r2.json'), ...at]);
    expect(run.stderr).toContain('external ID PED-1\\u000adcdesk: done');
    expect(run.stderr).not.toMatch(/^dcdesk: done, nothing to check/m);
  });
});

describe('an option that takes one value', () => {
  it('is refused when given twice, in every command (exit 2), rather than taking the last', async () => {
    const phone = await dcdesk([
      'lookup',
      '--phone',
      '11987654321',
      '--phone',
      '11912345678',
      ...at,
    ]);
    expect(phone.code, phone.stderr).toBe(2);
    expect(phone.stderr).toMatch(/--phone was given twice: give it once/);
    // A customer's data is never written to the terminal as it is, even in a usage error.
    expect(phone.stderr).not.toContain('987654321');
    const cpf = await dcdesk(['lookup', '--cpf', '52998224725', '--cpf=11144477735', ...at]);
    expect(cpf.code, cpf.stderr).toBe(2);
    expect(cpf.stderr).toMatch(/--cpf was given twice: give it once/);
    expect(cpf.stderr).not.toMatch(/52998224725|11144477735/);
    const concurrency = await dcdesk([
      'bulk',
      work.file('in.csv'),
      '-o',
      work.file('twice.json'),
      ...at,
      '--concurrency',
      '4',
      '--concurrency=9',
    ]);
    expect(concurrency.code, concurrency.stderr).toBe(2);
    expect(concurrency.stderr).toMatch(/--concurrency was given twice \('4' and '9'\)/);
    const output = await dcdesk([
      'bulk',
      work.file('in.csv'),
      '-o',
      'a.json',
      '--output',
      'b.json',
    ]);
    expect(output.code, output.stderr).toBe(2);
    expect(output.stderr).toMatch(/--output was given twice/);
  });

  it('lookup refuses phone codes that contradict the ones --phone holds (exit 2)', async () => {
    const phone = ['--phone', '+55 (11) 98765-4321'];
    const codes = ['--country-code', '1', '--city-code', '212'];
    const run = await dcdesk(['lookup', ...phone, ...codes, ...at]);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(
      '--phone gives the country code and the area code, and --country-code and --city-code give others: give each in one place.',
    );
    expect(run.stderr).not.toContain('98765');
  });

  it('is refused when given empty (exit 2), naming what it needs', async () => {
    const report = await dcdesk(['report', '--batch=', '--data-dir', work.dir]);
    expect(report.code, report.stderr).toBe(2);
    expect(report.stderr).toMatch(/--batch needs a batch ID; it was given empty/);
    const file = await dcdesk(['bulk', '', '--output', work.file('empty.json'), ...at]);
    expect(file.code, file.stderr).toBe(2);
    expect(file.stderr).toContain(
      'An argument was given empty (a shell variable that is not set?)',
    );
    const dir = await dcdesk(['batches', '--data-dir', '']);
    expect(dir.code, dir.stderr).toBe(2);
    expect(dir.stderr).toMatch(/--data-dir needs a folder; it was given empty/);
  });
});
