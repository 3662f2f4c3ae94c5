import { closeSync, openSync, ftruncateSync, writeSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { dcdesk } from '../support/cli';
import { tempDir } from '../support/files';

const work = tempDir('dcdesk-cli-size-');
afterAll(() => work.remove());

/**
 * A sparse file: its size is `bytes` but it takes no disk. Reading it whole would take that much
 * memory, and above 2 GiB Node refuses to read it at all, so only a size check made before the
 * read can give the reader's own "too large" sentence.
 */
function sparse(name: string, bytes: number, head = 'externalID,sessionID\n'): string {
  const file = work.file(name);
  const fd = openSync(file, 'w');
  writeSync(fd, head);
  ftruncateSync(fd, bytes);
  closeSync(fd);
  return file;
}

const threeGiB = 3 * 1024 * 1024 * 1024;

describe('files too large to read', () => {
  it('dcdesk bulk refuses by size before reading the file', async () => {
    const run = await dcdesk([
      'bulk',
      sparse('huge.csv', threeGiB),
      '--output',
      work.file('out.json'),
      '--data-dir',
      work.dir,
    ]);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/huge\.csv: The file is 3(\.\d+)? GB; the limit is 256 MB/);
  });

  it('dcdesk outcomes import refuses by size before reading the file', async () => {
    const run = await dcdesk([
      'outcomes',
      'import',
      sparse('huge-outcomes.csv', threeGiB),
      '--data-dir',
      work.dir,
    ]);
    expect(run.code, run.stderr).not.toBe(0);
    expect(run.stderr).toMatch(/huge-outcomes\.csv: The file is 3(\.\d+)? GB; the limit is 256 MB/);
  });

  it('dcdesk upload refuses by size before reading the file', async () => {
    const run = await dcdesk([
      'upload',
      sparse('huge.zip', threeGiB, 'PK'),
      '--env',
      'sandbox',
      '--data-dir',
      work.dir,
    ]);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/huge\.zip: The file is 3(\.\d+)? GB; the limit is 20 MB/);
  });
});
