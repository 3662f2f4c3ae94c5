import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../migrate';
import { migrations } from './index';
import { outcomeTrail } from './0014-outcome-trail';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('migration 0014 (outcome trail)', () => {
  it('gives each outcome stored before a trail line, so a team connected later has it', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-0014-'));
    const db = new Database(path.join(dir, 'history.sqlite3'));
    db.pragma('foreign_keys = ON');
    await migrate(
      db,
      migrations.filter((m) => m.version < outcomeTrail.version),
      () => '',
    );
    db.prepare(
      `INSERT INTO batches (id, created_at, updated_at, source_name, source_sha256, environment, base_url, settings_json, state, total)
       VALUES ('b1', '2026-11-01T10:00:00.000Z', 'u', 'v13.csv', 'aa', 'sandbox', 'embedded', '{}', 'finished', 0)`,
    ).run();
    db.prepare(
      `INSERT INTO outcomes (external_id, device_id, outcome, batch_id, set_at)
       VALUES ('PED-1', 'dev-1', 'Fraude Confirmada', 'b1', '2026-11-02T10:00:00.000Z'),
              ('PED-2', 'dev-2', 'Suspeito', NULL, '2026-11-02T11:00:00.000Z')`,
    ).run();
    // As 0014 left it (0020 then gives PED-2 an environment, or drops it: see its test).
    await migrate(
      db,
      migrations.filter((m) => m.version <= outcomeTrail.version),
      () => path.join(dir, 'backup.sqlite3'),
    );
    expect(db.prepare('SELECT external_id, environment FROM outcomes ORDER BY 1').all()).toEqual([
      { external_id: 'PED-1', environment: 'sandbox' },
      // Its batch is gone: no environment, so no line (it can go in no file either).
      { external_id: 'PED-2', environment: null },
    ]);
    const lines = db.prepare('SELECT * FROM outcome_changes').all() as Array<
      Record<string, unknown>
    >;
    expect(lines).toEqual([
      expect.objectContaining({
        environment: 'sandbox',
        external_id: 'PED-1',
        outcome: 'Fraude Confirmada',
        previous: null,
        analyst: '',
        at: '2026-11-02T10:00:00.000Z',
        source: 'history',
        origin: 'here',
        pushed: 0,
      }),
    ]);
    expect(lines[0]?.change_id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    db.close();
  });
});
