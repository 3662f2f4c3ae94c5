import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binPath, dcdesk, type CliRun } from '../support/cli';
import { tempDir, writeTransactionsCsv } from '../support/files';
import { sampleTransaction } from '../support/transactions';

const work = tempDir('dcdesk-cli-disk-');
const history = () => work.file('history');

/**
 * Runs the installed dcdesk with `mount` holding a small, real file system of its own (tmpfs in a
 * private mount namespace): full (`fill`), read-only, or with the history copied onto it.
 */
function onSmallDisk(
  mount: string,
  setup: {
    sizeKb: number;
    copyHistory?: boolean;
    fill?: boolean;
    /** Space left free after filling. */
    leaveKb?: number;
    readOnly?: boolean;
  },
  args: string[],
): Promise<CliRun> {
  mkdirSync(mount, { recursive: true });
  const steps = [
    `mount -t tmpfs -o size=${String(setup.sizeKb)}k tmpfs "$m" || exit 97`,
    setup.copyHistory ? `cp -r "${history()}" "$m/history"` : ':',
    // `cat` stops when the disk is full; what it wrote stays, so the disk stays full.
    setup.fill ? `cat /dev/zero > "$m/fill" 2>/dev/null; :` : ':',
    setup.leaveKb ? `truncate -s -${String(setup.leaveKb)}K "$m/fill"` : ':',
    setup.readOnly ? `mount -o remount,ro "$m"` : ':',
  ];
  const script = `m="$1"; shift; ${steps.join('; ')}; exec "$@"`;
  const child = spawn(
    'unshare',
    ['-rm', 'sh', '-c', script, 'sh', mount, process.execPath, binPath, ...args],
    { env: { PATH: process.env.PATH }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) =>
    child.once('close', (code) => resolve({ code: code ?? -1, stdout, stderr })),
  );
}

const coreOpen = new URL('../support/core-open.ts', import.meta.url).pathname;

/** Quoted for sh: the words pass as they are. */
const quoted = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;

/**
 * Runs several dcdesk commands, one after another, on one small disk of their own (as
 * `onSmallDisk`): each command's exit code follows its output on stderr, after `=== exit N`.
 * The word BATCH stands for the batch ID the last `--json` output named.
 */
function stepsOnSmallDisk(mount: string, sizeKb: number, steps: string[][]): Promise<CliRun> {
  mkdirSync(mount, { recursive: true });
  const word = (arg: string) => (arg === 'BATCH' ? '"$id"' : quoted(arg));
  // CORE DIR starts the app's core there instead (tests/support/core-open.ts).
  const program = (args: string[]) =>
    args[0] === 'CORE'
      ? [process.execPath, '--import', 'tsx', coreOpen, ...args.slice(1)]
      : [process.execPath, binPath, ...args];
  const run = (args: string[]) =>
    [
      `out=$(${program(args).map(word).join(' ')})`,
      'rc=$?',
      'printf "%s\\n" "$out"',
      `named=$(printf %s "$out" | sed -n 's/.*"batch":"\\([^"]*\\)".*/\\1/p' | head -n 1)`,
      'id=${named:-$id}',
      'echo "=== exit $rc" >&2',
    ].join('; ');
  const script = [
    `mount -t tmpfs -o size=${String(sizeKb)}k tmpfs ${quoted(mount)} || exit 97`,
    ...steps.map(run),
  ].join('\n');
  const child = spawn('unshare', ['-rm', 'sh', '-c', script], {
    env: { PATH: process.env.PATH },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) =>
    child.once('close', (code) => resolve({ code: code ?? -1, stdout, stderr })),
  );
}

/** A private mount namespace needs user namespaces; where the OS forbids them, these are skipped. */
const canMount = spawnSync('unshare', ['-rm', 'true']).status === 0;
if (!canMount)
  console.warn(
    'Skipping the full-disk and read-only-folder tests: this machine forbids user namespaces (unshare -rm failed), so no private tmpfs can be mounted. What dcdesk says on a full disk is not proven here.',
  );

beforeAll(async () => {
  writeTransactionsCsv(work.file('pedidos.csv'), 6);
  const at = ['--data-dir', history()];
  const bulk = await dcdesk(['bulk', work.file('pedidos.csv'), '-o', work.file('a.json'), ...at]);
  expect(bulk.code, bulk.stderr).toBe(0);
  const ids = [0, 1, 2].map((n) => `${sampleTransaction(n).externalID},Suspeito`);
  writeFileSync(work.file('casos.csv'), ['Pedido,Resultado', ...ids].join('\r\n'));
  const review = await dcdesk(['outcomes', 'import', work.file('casos.csv'), ...at]);
  expect(review.code, review.stdout + review.stderr).toBe(0);
  const built = await dcdesk(['outcomes', 'build', '-o', work.file('ok.csv'), ...at]);
  expect(built.code, built.stderr).toBe(0);
});
afterAll(() => work.remove());

// Skipped where the OS forbids user namespaces (the reason is printed above): then a full disk
// and a read-only folder under dcdesk are not proven on that machine. CI can mount, so they run.
describe.skipIf(!canMount)('files dcdesk cannot write', () => {
  const build = (output: string) => ['outcomes', 'build', '-o', output, '--data-dir', history()];

  it('says the disk is full when the output file does not fit', async () => {
    const disk = work.file('full');
    const run = await onSmallDisk(disk, { sizeKb: 16, fill: true }, build(`${disk}/out.csv`));
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `dcdesk outcomes: Cannot write ${disk}/out.csv: the disk is full (no space left in ${disk}). Nothing was written there; free some space, or choose a folder on another disk, and run the command again.\n`,
    );
  });

  it('after a batch, points to writing its stored results elsewhere, not to sending it again', async () => {
    const disk = work.file('nearly-full');
    writeTransactionsCsv(work.file('many.csv'), 400);
    const run = await onSmallDisk(disk, { sizeKb: 256, fill: true, leaveKb: 8 }, [
      'bulk',
      work.file('many.csv'),
      '-o',
      `${disk}/out.json`,
      '--data-dir',
      work.file('history-many'),
    ]);
    expect(run.code, run.stderr).toBe(1);
    const lines = run.stderr.split('\n').filter((line) => line.includes(`${disk}/out.json`));
    expect(lines[0]).toContain('the disk is full');
    expect(lines[0]).not.toContain('run the command again');
    expect(lines[0]).toContain('write the stored results to another file with the command below');
    expect(run.stderr).toMatch(
      /the results are stored; write them to another file with: dcdesk bulk --resume \S+ --output OTHER_FILE/,
    );
  });

  it('says the folder is read-only, or does not exist', async () => {
    const disk = work.file('read-only');
    const run = await onSmallDisk(disk, { sizeKb: 64, readOnly: true }, build(`${disk}/out.csv`));
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `dcdesk outcomes: Cannot write ${disk}/out.csv: ${disk} is on a read-only disk. Choose a folder you can write in.\n`,
    );
    const missing = work.file('no-such-folder/out.csv');
    const absent = await dcdesk(build(missing));
    expect(absent.code).toBe(1);
    expect(absent.stderr).toBe(
      `dcdesk outcomes: Cannot write ${missing}: the folder ${work.file('no-such-folder')} does not exist. Create it, or choose a file in a folder that exists.`,
    );
  });

  it('says a read-only data folder is read-only, not missing', async () => {
    const disk = work.file('read-only-data');
    const run = await onSmallDisk(disk, { sizeKb: 64, readOnly: true }, [
      'batches',
      '--data-dir',
      `${disk}/dd`,
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).not.toMatch(/ENOENT/);
    expect(run.stderr).toContain(
      `dcdesk: The data folder ${disk}/dd cannot be written: ${disk} is read-only (or not yours to write in).`,
    );
  });

  it('says what to do when the history itself cannot be opened on a full disk', async () => {
    const disk = work.file('full-new-history');
    const run = await onSmallDisk(disk, { sizeKb: 16, fill: true }, [
      'uploads',
      '--data-dir',
      `${disk}/history`,
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      // The opening's marker (history.open/) is empty, so it fits: the new file is what does not.
      `dcdesk: The history database ${disk}/history/history.sqlite3 cannot be opened: database or disk is full. The disk holding it is full: free some space there, or use another data folder, and try again.\n`,
    );
  });

  // Found by an outside tester: once a batch had filled the disk, every command refused to open
  // the history (the opening's marker, then its purge's checkpoint, found no room), so the
  // analyst could not even list the batches or delete one to make room.
  it('opens the history a batch filled the disk with, to read it and delete a batch', async () => {
    const disk = work.file('filled-by-bulk');
    writeTransactionsCsv(work.file('fills.csv'), 40_000);
    const at = ['--data-dir', `${disk}/history`];
    const run = await stepsOnSmallDisk(disk, 12_288, [
      ['bulk', work.file('fills.csv'), '-o', work.file('fills.json'), '--json', ...at],
      ['batches', '--json', ...at],
      ['report', ...at],
      ['bulk', '--resume', 'no-such-batch', '-o', work.file('none.json'), ...at],
      ['purge', '--batch', 'BATCH', '--yes', ...at],
      ['CORE', `${disk}/history`],
    ]);
    const exits = [...run.stderr.matchAll(/=== exit (\d+)/g)].map((match) => Number(match[1]));
    const said = run.stderr.split(/=== exit \d+\n/);
    // The batch stopped on the full disk (5: resume it), then every command could open it.
    expect(exits.slice(0, 4), run.stderr + run.stdout).toEqual([5, 0, 0, 2]);
    // The window opens it too (the app's core, started as the window starts it).
    expect(run.stdout).toContain('{"core":"started","batches":1,');
    // A deletion needs a little room: it works, or says why not and what to do.
    if (exits[4] !== 0)
      expect(said[4]).toMatch(
        /could not be deleted: the disk holding the history is full, and even a deletion needs a little room on it/,
      );
    expect(said[0]).toMatch(/the disk holding the history is full/i);
    // It stopped by itself: no Ctrl+C was pressed to speak of a second one.
    expect(said[0]).not.toMatch(/second Ctrl\+C/);
    // Its --json says the exit code it ends with.
    expect(run.stdout).toContain('"exitCode":5}');
    expect(run.stdout).toContain(`"done": `);
    expect(said[2]).not.toMatch(/full/);
    expect(said[3]).toContain('There is no batch no-such-batch');
  }, 60_000);

  it('sends nothing when the ledger line cannot be saved on a full disk, and says so', async () => {
    const disk = work.file('full-history');
    // The history opens in what is left, but a file this large cannot fit in its ledger line.
    const rows = Array.from(
      { length: 20_000 },
      (_, n) => `order-big-${String(n)},dev-big-${String(n)},Suspeito`,
    );
    const big = work.file('big.csv');
    writeFileSync(big, ['ID Transacional,DeviceId,Resultado', ...rows].join('\r\n'));
    const run = await onSmallDisk(
      disk,
      { sizeKb: 4096, copyHistory: true, fill: true, leaveKb: 256 },
      ['upload', big, '--unseen-devices', '--data-dir', `${disk}/history`],
    );
    expect(run.code).toBe(1);
    expect(run.stderr).not.toMatch(/unexpected failure/);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(
      'dcdesk upload: the disk holding the history is full; nothing was half-saved (the history keeps what it had). Free some space on that disk, then try again.',
    );
  });
});
