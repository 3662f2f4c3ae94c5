/**
 * A handler whose write the history refuses (a full disk, a trigger standing in for one here: the
 * core's own connection cannot be given `max_page_count`) answers `db` with the history's words,
 * never "failed unexpectedly" (found by an outside tester: settings.update on a full disk answered
 * `internal`, which the window shows as a crash of the app).
 */
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/core/create-core';
import { historyFileName } from '../../electron/core/store/db';
import { tempDir } from '../support/files';
import { testCore } from '../support/test-core';

const opened: Array<{ core: Core; remove: () => void }> = [];
afterEach(async () => {
  for (const { core, remove } of opened.splice(0)) {
    await core.close();
    remove();
  }
});

describe('a write the history refuses, in any handler', () => {
  it('is a db error saying why, not an unexpected failure', async () => {
    const work = tempDir('dcdesk-core-writes-');
    const core = await testCore(work.dir);
    opened.push({ core, remove: work.remove });
    const other = new Database(work.file(historyFileName));
    other.exec(`CREATE TRIGGER settings_full BEFORE INSERT ON settings
      BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`);
    other.close();
    const expected = {
      ok: false,
      error: { code: 'db', message: 'The history could not be used: database or disk is full' },
    };
    expect(await core.call('settings.update', { language: 'pt-BR' })).toEqual(expected);
    expect(await core.call('environments.activate', { environment: 'test' })).toEqual(expected);
  });
});
