import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { skipBecause } from '../../tests/support/skip';
import { makeFolder } from './make-folder';

describe('makeFolder', () => {
  it('creates the missing levels, with the mode asked, and takes one that exists', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'dcdesk-make-folder-'));
    try {
      const deep = path.join(root, 'a', 'b', 'c');
      makeFolder(deep, 0o700);
      expect(existsSync(deep)).toBe(true);
      if (process.platform !== 'win32') expect(statSync(deep).mode & 0o777).toBe(0o700);
      makeFolder(deep);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('fails at once where mkdir answers ENOENT under a parent that exists (attack c3)', (context) => {
    if (!existsSync('/proc/self'))
      skipBecause(context, 'No /proc here to make mkdir answer ENOENT.');
    expect(() => makeFolder('/proc/self/dcdesk/data')).toThrow(/ENOENT/);
  });
});
