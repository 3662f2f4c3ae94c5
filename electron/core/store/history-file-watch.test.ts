import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { historyFileWatch } from './history-file-watch';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const folder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-watch-'));
  dirs.push(dir);
  return dir;
};

// Found by an outside tester: the data folder deleted mid-run went unnoticed.
describe('the history file watched at its path', () => {
  it('is there while nothing happened to it, and gone once its folder is deleted', () => {
    const dir = folder();
    const file = path.join(dir, 'history.sqlite3');
    writeFileSync(file, 'x');
    const watch = historyFileWatch(file);
    expect(watch.gone()).toBe(false);
    writeFileSync(file, 'written in place');
    expect(watch.gone()).toBe(false);
    rmSync(dir, { recursive: true, force: true });
    expect(watch.gone()).toBe(true);
  });

  it('is gone when another file took its place', () => {
    const dir = folder();
    const file = path.join(dir, 'history.sqlite3');
    writeFileSync(file, 'x');
    const watch = historyFileWatch(file);
    writeFileSync(path.join(dir, 'other'), 'y');
    renameSync(path.join(dir, 'other'), file);
    expect(watch.gone()).toBe(true);
  });
});
