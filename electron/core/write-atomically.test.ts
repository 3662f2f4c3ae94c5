import {
  chmodSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { skipBecause } from '../../tests/support/skip';
import { streamAtomically, writeAtomically, writeAtomicallySync } from './write-atomically';

let dir = '';
beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-atomic-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const modeOf = (file: string) => statSync(file).mode & 0o777;
const streamed = (file: string, text: string) =>
  streamAtomically(file, async (stream) => {
    stream.write(text);
    return Promise.resolve();
  });

describe('writing a file through a temporary one', () => {
  it('keeps the mode of the file it replaces', async (context) => {
    if (process.platform === 'win32')
      skipBecause(context, 'Windows files have no POSIX mode bits for a write to keep.');
    const out = path.join(dir, 'out.csv');
    writeFileSync(out, '');
    chmodSync(out, 0o600);
    await writeAtomically(out, new TextEncoder().encode('a'));
    expect(modeOf(out)).toBe(0o600);
    chmodSync(out, 0o640);
    await streamed(out, 'b');
    expect(modeOf(out)).toBe(0o640);
    // A new file gets the usual mode, as any file this process creates.
    const fresh = path.join(dir, 'fresh.csv');
    await streamed(fresh, 'c');
    const plain = path.join(dir, 'plain.csv');
    writeFileSync(plain, 'd');
    expect(modeOf(fresh)).toBe(modeOf(plain));
  });

  it('removes the temporaries a killed writer left beside that file, and only those', async () => {
    const out = path.join(dir, 'o.xlsx');
    const old = new Date(Date.now() - 3_600_000);
    const left = path.join(dir, '.o.xlsx.0123456789ab.tmp');
    const recent = path.join(dir, '.o.xlsx.ba9876543210.tmp');
    const other = path.join(dir, '.p.xlsx.0123456789ab.tmp');
    const unlike = path.join(dir, '.o.xlsx.backup.tmp');
    for (const file of [left, recent, other, unlike]) writeFileSync(file, 'x');
    for (const file of [left, other, unlike]) utimesSync(file, old, old);
    await writeAtomically(out, new TextEncoder().encode('a'));
    // A recent one may be another writer's, still under way.
    expect(readdirSync(dir).sort()).toEqual(
      [
        '.o.xlsx.backup.tmp',
        '.o.xlsx.ba9876543210.tmp',
        '.p.xlsx.0123456789ab.tmp',
        'o.xlsx',
      ].sort(),
    );
    utimesSync(recent, old, old);
    await streamed(out, 'b');
    expect(readdirSync(dir)).not.toContain('.o.xlsx.ba9876543210.tmp');
  });

  it('writes synchronously through a temporary too, leaving none, and fails leaving the old file', () => {
    const state = path.join(dir, 'window-state.json');
    writeAtomicallySync(state, '{"a":1}');
    writeAtomicallySync(state, '{"a":2}');
    expect(readFileSync(state, 'utf8')).toBe('{"a":2}');
    expect(readdirSync(dir)).toEqual(['window-state.json']);
    expect(() => writeAtomicallySync(path.join(dir, 'gone', 'x.json'), '{}')).toThrow(/ENOENT/);
    expect(readdirSync(dir)).toEqual(['window-state.json']);
  });
});
