import { createHash } from 'node:crypto';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { osAnalyst } from '../../electron/core/team/analyst';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UploadView } from '../../shared/contract/outcomes';
import type { Outcome, ResponseVariableRow } from '../../shared/domain/types';
import { runCli } from '../../electron/cli/run';
import { scriptedInput } from '../../electron/cli/terminal-input';
import type { Io } from '../../electron/cli/io';
import { sandboxAnswer, startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { runBin } from '../support/cli';
import { tempDir, writeTransactionsCsv } from '../support/files';
import { sampleTransaction } from '../support/transactions';

let sandbox: SandboxHandle;
/** The history after one bulk run and one review, made once and copied for every test. */
const seed = tempDir('dcdesk-cli-upload-seed-');
/** This test's own copy: no test depends on what another one sent. */
let work = seed;
const cli = (args: string[]) => runBin([...args, '--data-dir', work.dir]);
const send = (file: string, ...extra: string[]) =>
  cli(['upload', work.file(file), '--base-url', sandbox.url, ...extra]);
/** The sandbox's address, as it shows in messages (a custom address is its own destination). */
const at = () => sandbox.url.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** Commands on the history name the same address as the sends, to see its answers. */
const build = (...args: string[]) => cli(['outcomes', 'build', ...args, '--base-url', sandbox.url]);

function rowOf(n: number, outcome: Outcome): ResponseVariableRow {
  const answer = sandboxAnswer(sampleTransaction(n));
  if (answer.status !== 200) throw new Error(`order ${String(n)} has no device`);
  return {
    transactionId: sampleTransaction(n).externalID,
    deviceId: String(answer.body.deviceID),
    outcome,
  };
}

const byId = (rows: ResponseVariableRow[]) =>
  [...rows].sort((a, b) => a.transactionId.localeCompare(b.transactionId));

async function review(file: string, rows: Array<[number, string]>): Promise<void> {
  const lines = [
    'Pedido,Resultado',
    ...rows.map(([n, text]) => `${sampleTransaction(n).externalID},${text}`),
  ];
  writeFileSync(work.file(file), `${lines.join('\r\n')}\r\n`, 'utf8');
  const run = await cli(['outcomes', 'import', work.file(file), '--base-url', sandbox.url]);
  expect(run.code, run.stdout + run.stderr).toBe(0);
}

async function ledger(): Promise<UploadView[]> {
  const run = await cli(['uploads', '--json']);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as UploadView[];
}

/** dcdesk in this process, with a terminal on stdin that answers the prompt with `answer`. */
async function onTerminal(args: string[], answer: string) {
  const prompts: string[] = [];
  const err: string[] = [];
  const io: Io = {
    ...scriptedInput(),
    out: () => undefined,
    err: (text) => err.push(text),
    env: {},
    isTerminal: true,
    stopped: new Promise(() => undefined),
    stdinIsTerminal: true,
    readLine: (prompt) => {
      prompts.push(prompt);
      return Promise.resolve(answer);
    },
  };
  const code = await runCli([...args, '--data-dir', work.dir], io);
  return { code, prompts, stderr: err.join('\n') };
}

beforeAll(async () => {
  sandbox = await startSandbox();
  writeTransactionsCsv(work.file('pedidos.csv'), 12);
  const seeded = await cli([
    'bulk',
    work.file('pedidos.csv'),
    '--output',
    work.file('answers.json'),
    '--base-url',
    sandbox.url,
  ]);
  expect(seeded.code, seeded.stderr).toBe(0);
  await review('review-1.csv', [
    [0, 'Suspeito'],
    [1, 'fraude confirmada'],
    [2, 'Device Positivado'],
    [3, 'Suspect'],
  ]);
});
afterAll(async () => {
  await sandbox.close();
  seed.remove();
});
beforeEach(() => {
  work = tempDir('dcdesk-cli-upload-');
  cpSync(seed.dir, work.dir, { recursive: true });
  sandbox.resetCounters();
});
afterEach(() => work.remove());

// Each test starts dcdesk up to eight times, from its own copy of the seeded history.
describe('dcdesk upload', { timeout: 60_000 }, () => {
  const first = () => [
    rowOf(0, 'Suspeito'),
    rowOf(1, 'Fraude Confirmada'),
    rowOf(2, 'Device Positivado'),
    rowOf(3, 'Suspeito'),
  ];

  /** Builds the reviewed rows as first.csv and sends it: upload #1. */
  async function sendFirst() {
    const built = await build('--output', work.file('first.csv'), '--separator', ';');
    expect(built.code, built.stderr).toBe(0);
    const sent = await send('first.csv');
    expect(sent.code, sent.stderr).toBe(0);
    return sent;
  }

  it('sends the built csv, and the ledger records it', async () => {
    const sent = await sendFirst();
    expect(sent.stdout).toMatch(
      new RegExp(`^Sent upload #1: first\\.csv, 4 rows, to ${at()} \\(HTTP 200\\): `),
    );
    const received = sandbox.uploads();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ fileName: 'first.csv', kind: 'csv' });
    expect(byId(received[0]!.rows)).toEqual(byId(first()));

    const sha256 = createHash('sha256')
      .update(readFileSync(work.file('first.csv')))
      .digest('hex');
    expect(await ledger()).toMatchObject([
      {
        id: 1,
        fileName: 'first.csv',
        kind: 'csv',
        rows: 4,
        sha256,
        environment: sandbox.url,
        status: 'sent',
        httpStatus: 200,
      },
    ]);
    const table = await cli(['uploads']);
    expect(table.stdout).toMatch(
      new RegExp(
        `^#1 .* ${at()} +sent +200 csv +4 rows  ${sha256.slice(0, 12)}  first\\.csv by ${osAnalyst()}$`,
        'm',
      ),
    );
    expect(table.stdout).not.toContain(sha256);
  });

  it('refuses to send the same file again with no terminal unless --yes says so', async () => {
    await sendFirst();
    const refused = await send('first.csv');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      new RegExp(`The same file was sent to ${at()} on .* as upload #1`),
    );
    expect(refused.stderr).toMatch(/--yes/);
    expect(sandbox.uploads()).toHaveLength(1);
    expect(await ledger()).toHaveLength(1);

    const confirmed = await send('first.csv', '--yes', '--json');
    expect(confirmed.code, confirmed.stderr).toBe(0);
    expect(JSON.parse(confirmed.stdout)).toMatchObject({ id: 2, status: 'sent', rows: 4 });
    expect(sandbox.uploads()).toHaveLength(2);
  });

  it('takes one address typed two ways for one destination, and guards the re-send (attack c1)', async () => {
    await sendFirst();
    for (const typed of [sandbox.url.replace('http://', 'HTTP://'), `${sandbox.url}/`]) {
      const refused = await cli(['upload', work.file('first.csv'), '--base-url', typed]);
      expect(refused.code, typed).toBe(2);
      expect(refused.stderr).toMatch(
        new RegExp(`The same file was sent to ${at()} on .* as upload #1`),
      );
    }
    expect(sandbox.uploads()).toHaveLength(1);
  });

  it('asks on a terminal, and sends only on yes', async () => {
    await sendFirst();
    const no = await onTerminal(['upload', work.file('first.csv'), '--base-url', sandbox.url], 'n');
    expect(no.code).toBe(2);
    expect(no.prompts).toEqual(['Send it again? [y/N] ']);
    expect(no.stderr).toMatch(/as upload #1/);
    expect(no.stderr).toMatch(/Not sent\./);
    expect(sandbox.uploads()).toHaveLength(1);

    const yes = await onTerminal(
      ['upload', work.file('first.csv'), '--base-url', sandbox.url],
      'y',
    );
    expect(yes.code, yes.stderr).toBe(0);
    expect(sandbox.uploads()).toHaveLength(2);
  });

  it('builds only what was not sent yet, as a zip, and guards transactions already sent', async () => {
    await sendFirst();
    const nothing = await build('--output', work.file('nothing.zip'));
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toMatch(new RegExp(`were already accepted by ${at()}; nothing written`));

    await review('review-2.csv', [
      [6, 'Fraude Confirmada'],
      [7, 'Positive device'],
    ]);
    const built = await build('--output', work.file('second.zip'));
    expect(built.code, built.stderr).toBe(0);
    const sent = await send('second.zip');
    expect(sent.code, sent.stderr).toBe(0);
    const received = sandbox.uploads().at(-1);
    expect(received).toMatchObject({ fileName: 'second.zip', kind: 'zip' });
    expect(byId(received!.rows)).toEqual(
      byId([rowOf(6, 'Fraude Confirmada'), rowOf(7, 'Device Positivado')]),
    );

    const all = await build('--all', '--output', work.file('all.zip'));
    expect(all.code, all.stderr).toBe(0);
    const guarded = await send('all.zip');
    expect(guarded.code).toBe(2);
    expect(guarded.stderr).toMatch(
      new RegExp(
        `6 of its 6 transactions were already sent to ${at()} in uploads #\\d+(, #\\d+)+\\.`,
      ),
    );
    expect(sandbox.uploads()).toHaveLength(2);
  });

  // Found by an outside tester: a file built before an outcome changed went with the old one,
  // without a word, and the retracted fraud outcome was never corrected.
  it('asks before sending a file whose outcomes changed since it was built', async () => {
    const built = await build('--output', work.file('stale.csv'));
    expect(built.code, built.stderr).toBe(0);
    writeFileSync(
      work.file('changed.csv'),
      `Pedido;Resultado\r\n${sampleTransaction(1).externalID};Suspeito\r\n`,
    );
    const changed = await cli([
      'outcomes',
      'import',
      work.file('changed.csv'),
      '--replace-conflicts',
      '--base-url',
      sandbox.url,
    ]);
    expect(changed.code, changed.stderr).toBe(0);

    const refused = await send('stale.csv');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /1 of its rows no longer matches the outcomes in the history \(changed or cleared since\)/,
    );
    expect(refused.stderr).toMatch(/--yes/);
    expect(sandbox.uploads()).toHaveLength(0);
    expect(await ledger()).toHaveLength(0);

    const no = await onTerminal(['upload', work.file('stale.csv'), '--base-url', sandbox.url], 'n');
    expect(no.code).toBe(2);
    expect(no.prompts).toEqual(['Send it anyway? [y/N] ']);
    expect(sandbox.uploads()).toHaveLength(0);

    const confirmed = await send('stale.csv', '--yes');
    expect(confirmed.code, confirmed.stderr).toBe(0);
    expect(sandbox.uploads()).toHaveLength(1);
  });

  it('lists each message of a refused file on its own line and records the refusal', async () => {
    writeFileSync(
      work.file('made-up.csv'),
      'ID Transacional,DeviceId,Resultado\r\nfake-1,dev-0000,Suspeito\r\nfake-2,not-a-device,Fraude Confirmada\r\n',
    );
    // Made-up DeviceIds are unknown to this history: sent only when the analyst says so.
    const refused = await send('made-up.csv', '--unseen-devices');
    expect(refused.code).toBe(1);
    const messages = refused.stderr.split('\n').filter((line) => line.startsWith('  - '));
    expect(messages).toEqual([
      "  - Line 2: DeviceId 'dev-0000' is not a device this service identified.",
      "  - Line 3: DeviceId 'not-a-device' is not a device this service identified.",
    ]);
    expect(sandbox.uploads()).toHaveLength(0);
    // The service's trace id, for the support request that asks why (found by an outside tester).
    const traceId = /^ {2}trace id: (00-[0-9a-f]{32}-[0-9a-f]{16}-00)$/m.exec(refused.stderr)?.[1];
    expect(traceId, refused.stderr).toBeDefined();
    expect((await ledger())[0]).toMatchObject({
      fileName: 'made-up.csv',
      status: 'refused',
      httpStatus: 400,
      messages: messages.map((line) => line.slice(4)),
      traceId,
    });
    expect((await cli(['uploads'])).stdout).toContain(`        trace id: ${traceId ?? ''}\n`);
  });

  it('sends nothing when the file itself has problems, and lists them with their lines', async () => {
    const { transactionId, deviceId } = rowOf(9, 'Suspeito');
    writeFileSync(
      work.file('broken.csv'),
      `ID Transacional,DeviceId,Resultado\r\n${transactionId},${deviceId},Talvez\r\n${transactionId},${deviceId},Suspeito\r\n`,
    );
    const before = sandbox.counters();
    const ledgerBefore = await ledger();
    const run = await send('broken.csv', '--yes');
    expect(run.code).toBe(1);
    expect(run.stderr.split('\n')).toEqual([
      'dcdesk: broken.csv does not pass the checks; nothing was sent:',
      "  - Line 2: Resultado 'Talvez' is not one of Suspeito, Fraude Confirmada, Device Positivado.",
      `  - Line 3: ID Transacional '${transactionId}' repeats line 2.`,
      '',
    ]);
    // Not even a token was asked for.
    expect(sandbox.counters()).toEqual(before);
    expect(await ledger()).toEqual(ledgerBefore);
  });

  it.each([
    ['a dropped connection', () => sandbox.configure({ faults: { reset: 1 } })],
    ['a gateway 504', () => sandbox.forceNext(504, { route: 'responsevariables' })],
  ])(
    'after %s says the service may have the file and that sending it again asks (attack e3)',
    async (_, fault) => {
      const built = await build('--output', work.file('first.csv'), '--separator', ';');
      expect(built.code, built.stderr).toBe(0);
      fault();
      let failed;
      try {
        failed = await send('first.csv');
      } finally {
        sandbox.configure({ faults: {} });
      }
      expect(failed.code).toBe(1);
      expect(failed.stderr).toMatch(/upload #1: first\.csv, 4 rows, to .* failed; recorded/);
      expect(failed.stderr).toContain(
        "The service may have received it: 'dcdesk uploads' lists it as one that may have arrived; sending it again asks first (--yes sends it anyway).",
      );
      const again = await send('first.csv');
      expect(again.code).toBe(2);
      expect(again.stderr).toMatch(/as upload #1/);
    },
  );

  it('says how long the service asked to wait after a 429 (attack e3)', async () => {
    const built = await build('--output', work.file('first.csv'));
    expect(built.code, built.stderr).toBe(0);
    sandbox.forceNext(429, { route: 'responsevariables', retryAfter: '120' });
    const limited = await send('first.csv');
    expect(limited.code).toBe(1);
    expect(limited.stderr).toContain('The service asked to wait 2 min 00 s before trying again.');
  });

  it('refuses usage mistakes with exit code 2', async () => {
    writeFileSync(work.file('notes.txt'), 'x');
    expect((await send('notes.txt')).code).toBe(2);
    expect((await send('absent.csv')).stderr).toMatch(/no such file/);
    expect((await cli(['upload'])).code).toBe(2);
    const help = await cli(['upload', '--help']);
    expect(help.stdout).toMatch(/^Usage: dcdesk upload FILE/);
  });

  it('exits 3 when the service refuses the credentials', async () => {
    const guarded = await startSandbox({
      credentials: { username: 'analyst', password: 's3cret' },
    });
    // A DeviceId of another destination would be refused before any credentials are tried.
    writeFileSync(
      work.file('to-test.csv'),
      'ID Transacional,DeviceId,Resultado\r\norder-elsewhere-1,dev-made-up,Suspeito\r\n',
    );
    try {
      const run = await runBin(
        [
          'upload',
          work.file('to-test.csv'),
          '--base-url',
          guarded.url,
          '--env',
          'test',
          '--unseen-devices',
          '--data-dir',
          work.dir,
        ],
        { DCDESK_USERNAME: 'analyst', DCDESK_PASSWORD: 'wrong' },
      );
      expect(run.code, run.stderr).toBe(3);
      expect(run.stderr).toContain('Username or Password is incorrect');
      expect(run.stderr).not.toContain('wrong');
      expect(guarded.uploads()).toEqual([]);
      expect((await ledger())[0]).toMatchObject({
        fileName: 'to-test.csv',
        // Another address than test's own is its own destination, shown as that URL.
        environment: guarded.url,
        status: 'failed',
      });
    } finally {
      await guarded.close();
    }
  });
});
