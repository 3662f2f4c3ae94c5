import { execFileSync } from 'node:child_process';
import { createWriteStream, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../tests/support/files';
import { readFileWithin } from './read-within';

const work = tempDir('dcdesk-read-within-');
afterAll(() => work.remove());

const tooLarge = (bytes: number | null) =>
  bytes === null ? 'over the limit' : `too large: ${String(bytes)} bytes`;

/** A named pipe that `text` is written into once a reader opens it, as `<(…)` or mkfifo give. */
function fifoWith(name: string, text: string): string {
  const file = work.file(name);
  execFileSync('mkfifo', [file]);
  // A reader that stops early closes the pipe; the writer's EPIPE is expected then.
  createWriteStream(file)
    .on('error', () => undefined)
    .end(text);
  return file;
}

// Pipes and character devices report a size of 0 and refuse positional reads (ESPIPE). Skipped on
// Windows only, which has no mkfifo or /dev/zero to make them with: there, reading a named pipe
// is not proven.
const noFifos = process.platform === 'win32';
if (noFifos)
  console.warn('Skipping the pipe and device reads: Windows has no mkfifo or /dev/zero.');
describe.skipIf(noFifos)('readFileWithin on files without a size', () => {
  it('reads a named pipe whole', async () => {
    const read = await readFileWithin(fifoWith('rows.csv', 'a,b\n1,2\n'), 1024, tooLarge);
    expect(read).toEqual({ ok: true, bytes: Buffer.from('a,b\n1,2\n') });
  });

  it('refuses a named pipe past the limit, saying only that it is over', async () => {
    const read = await readFileWithin(fifoWith('long.csv', 'x'.repeat(5000)), 4096, tooLarge);
    expect(read).toEqual({ ok: false, message: 'over the limit' });
  });

  it('refuses a device that never ends, without claiming a size', async () => {
    const read = await readFileWithin('/dev/zero', 100_000, tooLarge);
    expect(read).toEqual({ ok: false, message: 'over the limit' });
  });
});

describe('readFileWithin on a regular file', () => {
  it('reads it whole when within the limit', async () => {
    writeFileSync(work.file('small.csv'), 'a,b\n');
    const read = await readFileWithin(work.file('small.csv'), 4, tooLarge);
    expect(read).toEqual({ ok: true, bytes: Buffer.from('a,b\n') });
  });

  it('refuses it by its size before reading', async () => {
    writeFileSync(work.file('big.csv'), 'a,b,c\n');
    const read = await readFileWithin(work.file('big.csv'), 4, tooLarge);
    expect(read).toEqual({ ok: false, message: 'too large: 6 bytes' });
  });
});
