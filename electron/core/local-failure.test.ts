import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileFailureText } from './local-failure';

/** The sentence for what writing `file` really does on this machine. */
function failureOf(file: string): string | null {
  try {
    writeFileSync(file, 'x');
    rmSync(file);
    return null;
  } catch (caught) {
    return fileFailureText(caught, file);
  }
}

describe('fileFailureText', () => {
  it('says a folder is missing only when it is', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-failure-'));
    try {
      const file = path.join(dir, 'nothing', 'out.csv');
      expect(failureOf(file)).toBe(
        `Cannot write ${file}: the folder ${path.join(dir, 'nothing')} does not exist. Create it, or choose a file in a folder that exists.`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names the missing folder a path passes through, though the folder it resolves to exists', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-failure-'));
    try {
      const file = `${dir}/sub/../fresh.csv`;
      expect(failureOf(file)).toBe(
        `Cannot write ${file}: the folder ${path.join(dir, 'sub')} does not exist. Create it, or choose a file in a folder that exists.`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says this process ran out of open files, and what to do', () => {
    const caught = Object.assign(new Error('EMFILE: too many open files'), { code: 'EMFILE' });
    expect(fileFailureText(caught, 'out.csv')).toBe(
      'Cannot write out.csv: this process ran out of open files (the system lets it hold only so many at once: ulimit -n). Send fewer requests at once (a lower concurrency), or raise that limit, then try again.',
    );
  });

  // Skipped off Linux: /proc is Linux's. The message for a system folder is proven only there.
  it.skipIf(process.platform !== 'linux')(
    'says a system folder that exists takes no new files (Linux /proc answers ENOENT)',
    () => {
      expect(failureOf('/proc/out.csv')).toBe(
        'Cannot write /proc/out.csv: the folder /proc exists but does not take new files (a system folder). Choose a folder you can write in.',
      );
    },
  );
});
