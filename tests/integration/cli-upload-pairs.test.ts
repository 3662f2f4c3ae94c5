import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadView } from '../../shared/contract/outcomes';
import { sandboxAnswer } from '../../electron/sandbox';
import { runBin } from '../support/cli';
import { tempDir, writeTransactionsCsv } from '../support/files';
import { sampleTransaction } from '../support/transactions';

/** A history with one batch looked up in the embedded sandbox, as the tester made it. */
const work = tempDir('dcdesk-cli-upload-pairs-');
const cli = (...args: string[]) => runBin(args, { DCDESK_DATA_DIR: work.dir });
const order = (n: number) => sampleTransaction(n).externalID;

/** The DeviceId the sandbox gives transaction `n`. */
function deviceOf(n: number): string {
  const answer = sandboxAnswer(sampleTransaction(n));
  if (answer.status !== 200) throw new Error(`order ${String(n)} has no device`);
  return String(answer.body.deviceID);
}

/** A response-variable file of `[transaction, DeviceId]` rows, each Suspeito. */
function responseFile(name: string, rows: Array<[string, string]>): string {
  const lines = [
    'ID Transacional,DeviceId,Resultado',
    ...rows.map((row) => `${row.join(',')},Suspeito`),
  ];
  writeFileSync(work.file(name), `${lines.join('\r\n')}\r\n`);
  return work.file(name);
}

async function ledger(): Promise<UploadView[]> {
  const run = await cli('uploads', '--json');
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as UploadView[];
}

beforeAll(async () => {
  writeTransactionsCsv(work.file('in.csv'), 12);
  const bulk = await cli('bulk', work.file('in.csv'), '--output', work.file('r.csv'));
  expect(bulk.code, bulk.stderr).toBe(0);
}, 60_000);
afterAll(() => work.remove());

describe('dcdesk upload: each transaction with its own DeviceId', { timeout: 60_000 }, () => {
  it('asks for --unseen-devices before pairing a known DeviceId with a transaction never looked up', async () => {
    const file = responseFile('bad10.csv', [['never-looked-up-id', deviceOf(2)]]);
    const held = await cli('upload', file);
    expect(held.code).toBe(1);
    expect(held.stderr.split('\n')).toEqual([
      'dcdesk: 1 row of bad10.csv pairs a DeviceId known in sandbox with a transaction this ' +
        'history never looked up there, so it cannot tell that they belong together. Send it ' +
        'only if you know each DeviceId is the one sandbox gave that transaction, saying so ' +
        'explicitly. Nothing was sent.',
      '  for example (transaction: DeviceId):',
      `  - never-looked-up-id: ${deviceOf(2)}`,
      'dcdesk: to send it anyway, run the same command with --unseen-devices.',
      '',
    ]);
    expect(await ledger()).toEqual([]);
  });

  it('never sends a transaction with the DeviceId another transaction was answered with', async () => {
    const file = responseFile('shuffled.csv', [
      [order(10), deviceOf(0)],
      [order(11), deviceOf(1)],
    ]);
    const refused = await cli('upload', file, '--unseen-devices', '--yes');
    expect(refused.code).toBe(1);
    const lines = refused.stderr.split('\n');
    expect(lines[0]).toBe(
      'dcdesk: shuffled.csv cannot be sent to sandbox: 2 of its rows pair a transaction with a ' +
        'DeviceId that no answer of sandbox gave it (its answer named another device). A DeviceId ' +
        'column sorted or pasted apart from its transactions does this. Build the file again ' +
        "from sandbox's answers (dcdesk outcomes build). Nothing was sent.",
    );
    expect(lines.slice(2, 4)).toEqual([
      `  - ${order(10)}: ${deviceOf(0)}`,
      `  - ${order(11)}: ${deviceOf(1)}`,
    ]);
    expect(await ledger()).toEqual([]);
  });

  it('refuses a transaction or DeviceId written with spaces around it, naming the lines: what is sent is what was checked', async () => {
    const file = responseFile('spaced.csv', [
      [` ${order(5)} `, deviceOf(5)],
      [order(6), `${deviceOf(6)} `],
    ]);
    const refused = await cli('upload', file);
    expect(refused.code).toBe(1);
    expect(refused.stderr.split('\n')).toEqual([
      'dcdesk: spaced.csv does not pass the checks; nothing was sent:',
      `  - Line 2: ID Transacional ' ${order(5)} ' has spaces at its start or end: remove them, so the service gets the ID as it was checked.`,
      `  - Line 3: DeviceId '${deviceOf(6)} ' has spaces at its start or end: remove them, so the service gets the DeviceId as it was checked.`,
      '',
    ]);
    expect(await ledger()).toEqual([]);
  });

  it('refuses an ID outside 6 to 64 characters and a DeviceId over 128, naming the lines', async () => {
    const file = responseFile('lengths.csv', [
      ['PED-1', deviceOf(5)],
      [order(6), 'd'.repeat(129)],
    ]);
    const refused = await cli('upload', file);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      "Line 2: ID Transacional 'PED-1' has 5 characters; the service takes an ID of 6 to 64 characters",
    );
    expect(refused.stderr).toContain(
      'Line 3: DeviceId has 129 characters; a device ID has at most 128',
    );
    expect(await ledger()).toEqual([]);
  });
});
