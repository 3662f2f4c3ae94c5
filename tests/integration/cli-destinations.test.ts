import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadView } from '../../shared/contract/outcomes';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { dcdesk } from '../support/cli';
import { tempDir, writeTransactionsCsv } from '../support/files';
import { sampleTransaction } from '../support/transactions';

/** Another server at its own address (a sandbox process stands in for it). */
let other: SandboxHandle;
const work = tempDir('dcdesk-cli-destinations-');
const cli = (...args: string[]) => dcdesk([...args, '--data-dir', work.dir]);
const order = (n: number) => sampleTransaction(n).externalID;

beforeAll(async () => {
  other = await startSandbox();
  writeTransactionsCsv(work.file('pedidos.csv'), 6);
  writeFileSync(
    work.file('casos.csv'),
    ['Pedido,Resultado', ...[0, 1, 2, 3].map((n) => `${order(n)},Suspeito`)].join('\r\n'),
  );
});
afterAll(async () => {
  await other.close();
  work.remove();
});

describe('a custom --base-url', () => {
  it('is recorded and shown as its URL, and its answers stay apart from the sandbox', async () => {
    const bulk = await cli(
      'bulk',
      work.file('pedidos.csv'),
      '--output',
      work.file('answers.json'),
      '--base-url',
      other.url,
    );
    expect(bulk.code, bulk.stderr).toBe(0);
    expect(bulk.stderr).toContain(`sending to ${other.url}.`);
    expect(bulk.stderr).not.toMatch(/sending to sandbox/);
    const listed = await cli('batches');
    expect(listed.stdout).toMatch(
      new RegExp(`^\\S+ +finished +${other.url.replace(/\./g, '\\.')} `, 'm'),
    );

    // The sandbox's history has none of these transactions; the address's has them all.
    const inSandbox = await cli('outcomes', 'import', work.file('casos.csv'), '--dry-run');
    expect(inSandbox.code).toBe(1);
    expect(inSandbox.stdout).toContain("Not in sandbox's lookups (4):");
    expect(inSandbox.stdout).toContain(
      `  4 of them are in lookups of other environments, whose DeviceIds mean nothing to sandbox: look them up in sandbox first (dcdesk bulk FILE --env sandbox), then import again.`,
    );
    const there = await cli('outcomes', 'import', work.file('casos.csv'), '--base-url', other.url);
    expect(there.code, there.stdout + there.stderr).toBe(0);
    expect(there.stdout).toContain('Applied 4 outcomes.');

    const forSandbox = await cli('outcomes', 'build', '--output', work.file('sandbox.csv'));
    expect(forSandbox.code).toBe(1);
    expect(forSandbox.stderr).toBe(
      `dcdesk: no reviewed transaction comes from sandbox's answers (reviewed: 4 of ${other.url}'s); ` +
        'their DeviceIds mean nothing to sandbox, so nothing was written. Look the transactions up ' +
        'in sandbox (dcdesk bulk FILE --env sandbox), review them, and build again.',
    );
    const file = work.file('other.csv');
    const built = await cli('outcomes', 'build', '--output', file, '--base-url', other.url);
    expect(built.code, built.stderr).toBe(0);
    expect(built.stdout).toContain(`(csv, separator ',', for ${other.url}).`);
    expect(built.stdout).toContain(`Send it with: dcdesk upload ${file} --base-url ${other.url}`);

    const sent = await cli('upload', file, '--base-url', other.url);
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.stdout).toMatch(/^Sent upload #1: other\.csv, 4 rows, to http:\/\/127\.0\.0\.1:/);
    expect(other.uploads()).toHaveLength(1);
    const ledger = JSON.parse((await cli('uploads', '--json')).stdout) as UploadView[];
    expect(ledger.map((line) => line.environment)).toEqual([other.url]);

    // Built again for the address: all accepted there, said as it is.
    const again = await cli('outcomes', 'build', '--output', file, '--base-url', other.url);
    expect(again.stderr).toBe(
      `dcdesk: all 4 reviewed transactions of ${other.url}'s answers were already accepted by ` +
        `${other.url}; nothing written. Pass --all to put them in a file anyway.`,
    );
  });

  it('refuses its DeviceIds in a file for another environment, naming a few and how many', async () => {
    for (const env of ['sandbox', 'production']) {
      const run = await cli('upload', work.file('other.csv'), '--env', env, '--unseen-devices');
      expect(run.code).toBe(1);
      const [head, example, ...examples] = run.stderr.split('\n');
      expect(head).toBe(
        `dcdesk: other.csv cannot be sent to ${env}: 4 of its DeviceIds come only from answers ` +
          `of ${other.url}, never of ${env}, which does not know them. Build the file from ` +
          `${env}'s answers (dcdesk outcomes build). Nothing was sent.`,
      );
      expect(example).toBe('  for example (transaction: DeviceId):');
      expect(examples).toHaveLength(4);
      expect(examples[0]).toMatch(new RegExp(`^ {2}- ${order(0)}: \\S+ \\(known in http://`));
      // Refused before any connection: no sandbox started, no credentials asked for.
      expect(run.stderr).not.toMatch(/embedded sandbox|credentials/);
    }
    expect(other.uploads()).toHaveLength(1);
  });

  it('sends DeviceIds the history never saw only with --unseen-devices', async () => {
    writeFileSync(
      work.file('elsewhere.csv'),
      'ID Transacional,DeviceId,Resultado\r\norder-from-elsewhere,dev-never-seen,Suspeito\r\n',
    );
    const held = await cli('upload', work.file('elsewhere.csv'), '--base-url', other.url);
    expect(held.code).toBe(1);
    expect(held.stderr).toContain(
      '1 DeviceId of elsewhere.csv appears in no answer of this history, nor with the same transaction in any upload',
    );
    expect(held.stderr).toContain(
      'dcdesk: to send it anyway, run the same command with --unseen-devices.',
    );
    expect(other.counters().uploadsByStatus).toEqual({ 200: 1 });
    const sent = await cli(
      'upload',
      work.file('elsewhere.csv'),
      '--base-url',
      other.url,
      '--unseen-devices',
    );
    // It went out; the service then refused the made-up DeviceId.
    expect(sent.stderr).toMatch(/the service refused upload #2/);
    expect(other.counters().uploadsByStatus).toEqual({ 200: 1, 400: 1 });
  });

  it('never lends its answers to a sandbox batch that reuses recent ones', async () => {
    const run = await cli(
      'bulk',
      work.file('pedidos.csv'),
      '--output',
      work.file('again.json'),
      '--env',
      'sandbox',
      '--skip-recent',
      '1',
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('dcdesk: 0 rows reuse an answer from the last 1 day.');
  });
});
