import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  clockAhead,
  pullOutcomeChanges,
  pushOutcomeChanges,
  type OutcomeChange,
} from '../../../electron/core/team/outcome-sync';
import { postgresMissing } from '../../support/postgres';
import { teamDatabase } from '../../support/team-database';

const missing = postgresMissing();
if (missing) console.warn(`Skipping the team database tests: ${missing}`);

// Skipped only where Debian's PostgreSQL is not installed (the reason is printed above); CI installs
// it, so they run there. On a machine that skips them, nothing about the team database is proven.
describe.skipIf(missing)('outcome changes in the team database', () => {
  const { workstation } = teamDatabase();

  const change = (
    externalId: string,
    outcome: string | null,
    analyst: string,
    at: string,
    environment = 'production',
  ): OutcomeChange => ({
    changeId: randomUUID(),
    environment,
    externalId,
    outcome,
    previous: null,
    analyst,
    at: new Date(at),
    source: 'key',
  });

  async function current(client: pg.Client, externalId: string) {
    const { rows } = await client.query<{ outcome: string | null; analyst: string }>(
      "SELECT outcome, analyst FROM outcomes WHERE environment = 'production' AND external_id = $1",
      [externalId],
    );
    return rows[0];
  }

  it('stores a push repeated after a cut connection once', async () => {
    const ana = await workstation();
    const changes = [
      change('PED-1', 'Fraude Confirmada', 'Ana', '2026-11-25T10:00:00Z'),
      change('PED-2', 'Suspeito', 'Ana', '2026-11-25T10:00:01Z'),
    ];
    expect(await pushOutcomeChanges(ana, changes)).toBe(2);
    expect(await pushOutcomeChanges(ana, changes)).toBe(0);
    const { rows } = await ana.query<{ n: string }>(
      "SELECT count(*) AS n FROM outcome_events WHERE external_id IN ('PED-1', 'PED-2')",
    );
    expect(rows[0]?.n).toBe('2');
    expect(await current(ana, 'PED-1')).toEqual({ outcome: 'Fraude Confirmada', analyst: 'Ana' });
  });

  it('keeps both of two analysts changes in the trail, and the later one wins in any order', async () => {
    const ana = await workstation();
    const bruno = await workstation();
    const earlier = change('PED-3', 'Suspeito', 'Ana', '2026-11-25T11:00:00Z');
    const later = change('PED-3', 'Legítima', 'Bruno', '2026-11-25T11:05:00Z');
    // The later change arrives first (Ana was offline).
    await pushOutcomeChanges(bruno, [later]);
    await pushOutcomeChanges(ana, [earlier]);
    expect(await current(ana, 'PED-3')).toEqual({ outcome: 'Legítima', analyst: 'Bruno' });
    const { rows } = await ana.query<{ analyst: string }>(
      "SELECT analyst FROM outcome_events WHERE external_id = 'PED-3' ORDER BY at",
    );
    expect(rows.map((row) => row.analyst)).toEqual(['Ana', 'Bruno']);
    // A clearing is a change like any other.
    await pushOutcomeChanges(ana, [change('PED-3', null, 'Ana', '2026-11-25T11:10:00Z')]);
    expect(await current(ana, 'PED-3')).toEqual({ outcome: null, analyst: 'Ana' });
  });

  it('cannot make a change win until a future date by setting its clock ahead (attack)', async () => {
    const ana = await workstation();
    const bruno = await workstation();
    const ahead = new Date(Date.now() + 365 * 86_400_000).toISOString();
    await pushOutcomeChanges(ana, [change('PED-9', 'Device Positivado', 'Ana', ahead)]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await pushOutcomeChanges(bruno, [
      change('PED-9', 'Suspeito', 'Bruno', new Date().toISOString()),
    ]);
    expect(await current(ana, 'PED-9')).toEqual({ outcome: 'Suspeito', analyst: 'Bruno' });
  });

  it('dates a change from a clock running ahead by what that clock was ahead, pushed later (attack c1)', async () => {
    const ana = await workstation();
    const bruno = await workstation();
    const hour = 3_600_000;
    const anaClock = () => Date.now() + hour;
    // Offline, Ana sets an outcome on her clock an hour ahead; a moment later Bruno, whose clock
    // is right, sets another, never having seen hers. Bruno pushes first, Ana a moment after.
    const made = anaClock();
    await new Promise((resolve) => setTimeout(resolve, 30));
    const bruno1 = change('PED-10', 'Suspeito', 'Bruno', new Date().toISOString());
    await pushOutcomeChanges(bruno, [bruno1]);
    await new Promise((resolve) => setTimeout(resolve, 30));
    const ana1 = change('PED-10', 'Fraude Confirmada', 'Ana', new Date(made).toISOString());
    await pushOutcomeChanges(ana, [ana1], await clockAhead(ana, anaClock));
    // Bruno's was made later: it stays the outcome, and Ana's is dated when it was made.
    expect(await current(ana, 'PED-10')).toEqual({ outcome: 'Suspeito', analyst: 'Bruno' });
    const { rows } = await ana.query<{ at: Date }>(
      'SELECT at FROM outcome_events WHERE change_id = $1',
      [ana1.changeId],
    );
    expect(Math.abs(rows[0]!.at.getTime() - (made - hour))).toBeLessThan(1_000);
  });

  it('gives a colleague pulling while others push every change exactly once, in order', async () => {
    const pushers = await Promise.all([workstation(), workstation(), workstation()]);
    const reader = await workstation();
    const start = (await pullOutcomeChanges(reader, 0, 1_000_000)).cursor;
    const pushed: string[] = [];
    const pushing = pushers.map(async (client, n) => {
      for (let round = 0; round < 40; round += 1) {
        const batch = Array.from({ length: 5 }, (_, k) =>
          change(
            `P${String(n)}-${String(round)}-${String(k)}`,
            'Suspeito',
            `A${String(n)}`,
            '2026-11-25T12:00:00Z',
          ),
        );
        pushed.push(...batch.map((one) => one.changeId));
        await pushOutcomeChanges(client, batch);
      }
    });
    const seen: string[] = [];
    let cursor = start;
    const state = { done: false };
    const all = Promise.all(pushing).then(() => (state.done = true));
    while (!state.done) {
      const pulled = await pullOutcomeChanges(reader, cursor, 7);
      seen.push(...pulled.changes.map((one) => one.changeId));
      cursor = pulled.cursor;
    }
    await all;
    for (;;) {
      const pulled = await pullOutcomeChanges(reader, cursor, 50);
      if (pulled.changes.length === 0) break;
      seen.push(...pulled.changes.map((one) => one.changeId));
      cursor = pulled.cursor;
    }
    expect(seen).toHaveLength(pushed.length);
    expect(new Set(seen)).toEqual(new Set(pushed));
  });
});
