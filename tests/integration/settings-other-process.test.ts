/**
 * Settings changed by another process (`dcdesk settings set` while the app runs, issue O-2): the
 * running core reads them at its next use, and announces `main:settings.changed` by itself, so
 * an open window refreshes its settings without being asked.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { Settings } from '../../shared/settings';
import { configureConnection, historyFileName } from '../../electron/core/store/db';
import { settingsRepo } from '../../electron/core/store/settings.repo';
import { testCore } from '../support/test-core';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('settings written by another connection', () => {
  it('are what the core reads next, and are announced', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dcdesk-settings-other-'));
    dirs.push(dataDir);
    const core = await testCore(dataDir);
    const announced: unknown[] = [];
    core.subscribe((name, payload) => {
      if (name === 'main:settings.changed') announced.push(payload);
    });
    const before = await core.call('settings.get', {});
    expect((before as { value: Settings }).value.responseSeparator).toBe(',');

    // The other process: its own connection to the same history, as dcdesk opens it.
    const other = new Database(path.join(dataDir, historyFileName));
    try {
      configureConnection(other);
      settingsRepo(other).write({ responseSeparator: ';', language: 'pt-BR' });
    } finally {
      other.close();
    }

    // Announced without any call: the window learns of it while it only shows the settings.
    await expect.poll(() => announced, { timeout: 10_000 }).toEqual([{ language: 'pt-BR' }]);
    const after = await core.call('settings.get', {});
    expect((after as { value: Settings }).value).toMatchObject({
      responseSeparator: ';',
      language: 'pt-BR',
    });
    // Read again, nothing changed: no second announcement.
    await core.call('settings.get', {});
    expect(announced).toHaveLength(1);
    await core.close();
  });
});
