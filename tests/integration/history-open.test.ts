import { openSync, readdirSync, readFileSync, statSync, writeSync, closeSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openHistory, historyFileName } from '../../electron/core/store/db';
import { sessionsFolderName } from '../../electron/core/store/sessions';
import { openCliHistory } from '../../electron/cli/history';
import { CommandExit, type Io } from '../../electron/cli/io';
import { tempDir } from '../support/files';
import { holdHistory, type Holder } from '../support/holder';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function folder(): string {
  const dir = tempDir('dcdesk-open-');
  cleanups.push(() => dir.remove());
  return dir.dir;
}

async function hold(dir: string): Promise<Holder> {
  const holder = await holdHistory(dir);
  cleanups.push(() => (holder.child.exitCode === null ? holder.kill() : undefined));
  return holder;
}

/** Opens and closes the history here, as one dcdesk command does; says why it was checked. */
async function openOnce(dir: string): Promise<string | null> {
  const opened = await openHistory(dir);
  if (!opened.ok) throw new Error(opened.error.message);
  opened.value.close();
  return opened.value.checked;
}

/** A history with a table of ~2 MB, so damage in its middle leaves the schema readable. */
async function historyWithData(dir: string): Promise<string> {
  const opened = await openHistory(dir);
  if (!opened.ok) throw new Error(opened.error.message);
  opened.value.db.exec(`
    CREATE TABLE filler (n INTEGER PRIMARY KEY, data BLOB NOT NULL);
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500)
    INSERT INTO filler SELECT i, randomblob(4000) FROM n;
  `);
  opened.value.close();
  return path.join(dir, historyFileName);
}

/** Writes garbage over pages in the middle of the file; the header and the schema stay intact. */
function breakPages(file: string): Buffer {
  const pageSize = 4096;
  const pages = Math.floor(statSync(file).size / pageSize);
  const fd = openSync(file, 'r+');
  try {
    for (let page = Math.floor(pages / 2); page < Math.floor(pages / 2) + 8; page++)
      writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, page * pageSize);
  } finally {
    closeSync(fd);
  }
  return readFileSync(file);
}

const markers = (dir: string) => readdirSync(path.join(dir, sessionsFolderName));

describe('checking the history only when there is a reason to', () => {
  it('checks a new history once, then not after clean closes, then after a crash', async () => {
    const dir = folder();
    expect(await openOnce(dir)).toBe('never-checked');
    expect(await openOnce(dir)).toBeNull();

    const crashed = await hold(dir);
    expect(crashed.said).toBe('open unchecked');
    await crashed.kill();
    expect(markers(dir)).toHaveLength(1);

    expect(await openOnce(dir)).toBe('unclean-shutdown');
    expect(markers(dir)).toEqual([]);
    expect(await openOnce(dir)).toBeNull();
  });

  it('the app and dcdesk open at once never take each other for a crash', async () => {
    const dir = folder();
    await openOnce(dir);
    const app = await hold(dir);
    expect(app.said).toBe('open unchecked');
    for (let command = 0; command < 3; command++) expect(await openOnce(dir)).toBeNull();
    const other = await hold(dir);
    expect(other.said).toBe('open unchecked');
    expect(markers(dir)).toHaveLength(2);
    await other.close();
    await app.close();
    expect(markers(dir)).toEqual([]);
    expect(await openOnce(dir)).toBeNull();
  });

  it('a crash while another program has the history open is still seen', async () => {
    const dir = folder();
    await openOnce(dir);
    const app = await hold(dir);
    const command = await hold(dir);
    await command.kill();
    expect(await openOnce(dir)).toBe('unclean-shutdown');
    expect(app.child.exitCode).toBeNull();
    expect(markers(dir)).toHaveLength(1);
    await app.close();
  });
});

describe('a history damaged for real', () => {
  it('is moved aside with a notice when the check after a crash finds broken pages', async () => {
    const dir = folder();
    const file = await historyWithData(dir);
    await (await hold(dir)).kill();
    const damaged = breakPages(file);

    const opened = await openHistory(dir, { now: new Date('2026-11-23T12:00:00Z') });
    if (!opened.ok) throw new Error(opened.error.message);
    expect(opened.value.notices[0]).toMatch(
      /damaged and could not be read .*moved to .*history\.damaged-2026-11-23T12-00-00-000Z\.sqlite3/,
    );
    opened.value.close();
    const kept = path.join(dir, 'history.damaged-2026-11-23T12-00-00-000Z.sqlite3');
    expect(readFileSync(kept).equals(damaged)).toBe(true);
    // The new history is an empty one: checked at its first opening, like any new history.
    expect(await openOnce(dir)).toBe('never-checked');
    expect(readdirSync(dir).filter((name) => name.includes('damaged'))).toHaveLength(1);
  });

  it('is not moved from under another program that has it open', async () => {
    const dir = folder();
    const file = await historyWithData(dir);
    const app = await hold(dir);
    await (await hold(dir)).kill();
    const damaged = breakPages(file);

    const opened = await openHistory(dir);
    expect(opened).toMatchObject({ ok: false, error: { code: 'db' } });
    if (opened.ok) return;
    expect(opened.error.message).toMatch(/damaged .*another Device Check Desk program has it open/);
    expect(opened.error.message).toContain(String(app.child.pid));
    expect(readFileSync(file).equals(damaged)).toBe(true);
    expect(readdirSync(dir).some((name) => name.includes('damaged'))).toBe(false);
    await app.close();
  });
});

describe('dcdesk when the SQLite module cannot load', () => {
  it('prints the fix and ends with exit code 6, the history untouched', async () => {
    const dir = folder();
    await openOnce(dir);
    const before = readFileSync(path.join(dir, historyFileName));
    const err: string[] = [];
    const io = { err: (text: string) => err.push(text), env: {} } as unknown as Io;

    const opening = openCliHistory(dir, io, { nativeBinding: path.join(dir, 'no-such.node') });

    await expect(opening).rejects.toBeInstanceOf(CommandExit);
    await expect(opening).rejects.toMatchObject({ exitCode: 6 });
    expect(err.join('\n')).toMatch(/^dcdesk: The SQLite module .* cannot be loaded/);
    expect(err.join('\n')).toContain('npm rebuild better-sqlite3');
    expect(readFileSync(path.join(dir, historyFileName)).equals(before)).toBe(true);
    expect(readdirSync(dir).some((name) => name.includes('damaged'))).toBe(false);
  });
});
