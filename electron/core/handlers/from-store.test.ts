import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../shared/result';
import { fromStore } from './from-store';

describe('fromStore', () => {
  it('passes results through and turns a SQLite failure into a db error', async () => {
    expect(await fromStore(() => ok(1))).toEqual({ ok: true, value: 1 });
    expect(await fromStore(() => Promise.resolve(ok(2)))).toEqual({ ok: true, value: 2 });
    const busy = () => {
      throw new Database.SqliteError('database is locked', 'SQLITE_BUSY');
    };
    expect(await fromStore(busy, 'changed')).toEqual({
      ok: false,
      // Said as who holds the lock, never SQLite's "database is locked" (busy.ts).
      error: {
        code: 'db',
        message:
          'The history could not be changed: the history is busy: another dcdesk or the app is writing the history, and held it longer than the 5 s this waits. Nothing was changed; try again when it is done.',
      },
    });
    const rejected = () =>
      Promise.reject(new Database.SqliteError('disk I/O error', 'SQLITE_IOERR'));
    expect(await fromStore(rejected)).toMatchObject({
      error: {
        code: 'db',
        message:
          'The history could not be read: the disk holding the history reported an error. Check the disk (is it full, or was it removed?), then try again.',
      },
    });
  });

  it('leaves any other failure to the core, which reports it as unexpected', async () => {
    await expect(fromStore(() => Promise.reject(new TypeError('bug')))).rejects.toThrow('bug');
  });
});
