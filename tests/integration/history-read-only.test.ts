import { spawn, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { isFatalCode } from '../../renderer/src/app/fatal-codes';
import { translate } from '../../renderer/src/i18n/translate';
import { tempDir } from '../support/files';

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
