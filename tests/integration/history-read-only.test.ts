import { spawn, spawnSync } from 'node:child_process';
import { accessSync, chmodSync, constants } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isFatalCode } from '../../renderer/src/app/fatal-codes';
import { translate } from '../../renderer/src/i18n/translate';
import { runBin } from '../support/cli';
import { skipBecause } from '../support/skip';
import { tempDir } from '../support/files';
import { createCore } from '../../electron/core/create-core';
import { createKeychainStore } from '../../electron/core/credentials/keychain';
import { historyFileName } from '../../electron/core/store/db';
import { startSandbox } from '../../electron/sandbox';

const work = tempDir('dcdesk-history-read-only-');
const db = new URL('../../electron/core/store/db.ts', import.meta.url).pathname;

/**
 * What the app's core gets from openHistory when its data folder is on a read-only disk: a
 * tmpfs mounted read-only in a private mount namespace (root in a test container writes through
 * any chmod, so a mode would prove nothing). Prints the error as JSON.
 */
function openOnReadOnlyDisk(mount: string, dataDir: string): Promise<string> {
  const script = `m="$1"; shift; mkdir -p "$m"; mount -t tmpfs -o size=64k tmpfs "$m" || exit 97; mount -o remount,ro "$m" || exit 97; exec "$@"`;
  const code = `const { openHistory } = await import(${JSON.stringify(db)}); const opened = await openHistory(${JSON.stringify(dataDir)}); console.log(JSON.stringify(opened.ok ? 'opened' : opened.error));`;
  const child = spawn(
    'unshare',
    ['-rm', 'sh', '-c', script, 'sh', mount, process.execPath, '--import', 'tsx', '-e', code],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  return new Promise((resolve) => child.once('close', () => resolve(stdout.trim())));
}

const canMount = spawnSync('unshare', ['-rm', 'true']).status === 0;
if (!canMount)
  console.warn(
    'Skipping the read-only data folder test: this machine forbids user namespaces (unshare -rm failed). What the app says of a read-only data folder is not proven here.',
  );

// Skipped where the OS forbids user namespaces (the reason is printed above); CI can mount, so it
// runs there.
describe.skipIf(!canMount)('a data folder the app cannot write', () => {
  it('is said as read-only, with its own code, not as ENOENT', async () => {
    const disk = work.file('disk');
    const missing = JSON.parse(await openOnReadOnlyDisk(disk, `${disk}/dd`)) as unknown;
    expect(missing).toEqual({
      code: 'data_folder_read_only',
      message: `The data folder ${disk}/dd cannot be written: ${disk} is read-only (or not yours to write in). Use a data folder you can write in.`,
    });
    const existing = JSON.parse(await openOnReadOnlyDisk(disk, disk)) as unknown;
    expect(existing).toMatchObject({
      code: 'data_folder_read_only',
      message: expect.stringContaining(`${disk} is read-only`) as unknown,
    });
  });
});

describe('the window on a read-only data folder', () => {
  it('shows the fatal state, with the reason in English and Brazilian Portuguese', () => {
    expect(isFatalCode('data_folder_read_only')).toBe(true);
    expect(translate('en')('error.data_folder_read_only')).toMatch(/read-only/);
    expect(translate('pt-BR')('error.data_folder_read_only')).toMatch(/somente leitura/);
  });
});

/**
 * Makes `file` read-only even to root: `chattr +i` where it works (root, a file system that
 * keeps the flag), else a mode of 444 where it binds (not root). Null when neither can.
 */
function lockFile(file: string): (() => void) | null {
  if (spawnSync('chattr', ['+i', file]).status === 0) {
    const unlock = () => void spawnSync('chattr', ['-i', file]);
    try {
      accessSync(file, constants.W_OK);
    } catch {
      return unlock;
    }
    unlock();
  }
  if (process.getuid?.() === 0) return null;
  chmodSync(file, 0o444);
  return () => chmodSync(file, 0o644);
}

const cannotLock =
  'this machine cannot make a file read-only to this user (root, on a file system without chattr +i), so what is said of a read-only history file is not proven here.';

async function openCoreAt(dataDir: string) {
  return createCore({
    dataDir,
    fetch: globalThis.fetch,
    keychain: createKeychainStore({ service: `dcdesk history-read-only ${String(process.pid)}` }),
    startSandbox,
    version: 'test',
    locale: 'en-US',
    platform: process.platform,
  });
}

describe('a history file that cannot be written, in a folder that can', () => {
  it('is said as the history file read-only, with its path and the fix, not as unreadable', async (context) => {
    const dataDir = work.file('locked-file');
    const first = await openCoreAt(dataDir);
    if (!first.ok) throw new Error(first.error.message);
    await first.value.close();
    const file = path.join(dataDir, historyFileName);
    const unlock = lockFile(file);
    if (!unlock) skipBecause(context, cannotLock);
    try {
      const again = await openCoreAt(dataDir);
      expect(again.ok).toBe(false);
      if (again.ok) return;
      expect(again.error).toEqual({
        code: 'history_read_only',
        message: `The history file ${file} is read-only: nothing can be saved in it. Give your user permission to write it (or ask IT to), then start again.`,
      });
      expect(isFatalCode('history_read_only')).toBe(true);
      expect(translate('en')('error.history_read_only')).toMatch(/history file is read-only/);
      expect(translate('pt-BR')('error.history_read_only')).toMatch(
        /arquivo do histórico é somente leitura/,
      );
    } finally {
      unlock();
    }
  });

  it('is said so by dcdesk too, with the file, not as a read-only folder', async (context) => {
    const dataDir = work.file('locked-file-cli');
    const made = await runBin(['batches', '--data-dir', dataDir]);
    expect(made.code, made.stderr).toBe(0);
    const file = path.join(dataDir, historyFileName);
    const unlock = lockFile(file);
    if (!unlock) skipBecause(context, cannotLock);
    try {
      const run = await runBin(['batches', '--data-dir', dataDir]);
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(
        `dcdesk: The history file ${file} is read-only: nothing can be saved in it. Give your user permission to write it (or ask IT to), then start again.\n`,
      );
    } finally {
      unlock();
    }
  });
});
