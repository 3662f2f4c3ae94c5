/**
 * Answers that break the interface (issue 11, item 1) and answers with unknown fields (item 2),
 * through a real batch against the sandbox, whose forced answers play the faulty service, into a
 * real history.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resultsRepo } from '../../electron/core/store/results.repo';
import { rowsRepo } from '../../electron/core/store/rows.repo';
import { maxDeviceIdChars } from '../../shared/domain/insight';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { sourceRows, startBatch } from '../support/bulk';
import { tempHistory } from '../support/history';

let sandbox: SandboxHandle;
let history: Awaited<ReturnType<typeof tempHistory>>;

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  history = await tempHistory();
  sandbox.resetCounters();
});
afterEach(() => history.close());

/** Runs one batch of `answers.length` rows, each answered 200 with the given body, in order. */
async function runWith(answers: string[]) {
  for (const body of answers) sandbox.forceNext(200, { route: 'insights', body });
  const { batch, run } = startBatch(history.db, sandbox, sourceRows(answers.length), {
    concurrency: 1,
  });
  const end = await run.ended;
  expect(end.state).toBe('finished');
  const rows = [...rowsRepo(history.db).iterate(batch.id)];
  const detail = (seq: number) => resultsRepo(history.db).detail(batch.id, seq);
  return { rows, detail, counts: end.counts };
}

const conforming = {
  deviceID: 'dev-0123456789abcdef0123',
  insights: ['DEV0001'],
  alertQuantity: 0,
  deviceAge: 12,
  deviceRisk: 'low',
  score: 0.2,
};

describe('an answer that breaks the interface', () => {
  it('is failed with invalid_response, its fields named and its body kept for the detail view', async () => {
    const issue = '{"deviceID":123,"insights":"x","score":"high","deviceRisk":{"a":1}}';
    const { rows, detail, counts } = await runWith([issue, JSON.stringify([conforming])]);

    expect(counts).toMatchObject({ ok: 0, failed: 2 });
    expect(rows[0]).toMatchObject({ status: 'failed', httpStatus: 200, result: null });
    expect(rows[0]?.messages).toEqual([
      "The service's answer does not follow the interface (deviceID, insights, deviceRisk, score); it was not stored as answered.",
      'deviceID is the number 123; expected text',
      'insights is the text "x"; expected a list of text',
      'deviceRisk is an object; expected one of undefined, low, medium, high',
      'score is the text "high"; expected a number from 0 to 1',
    ]);
    expect(detail(1)).toMatchObject({ status: 'failed', result: null, rawAnswer: issue });
    // An array is not an answer, even one holding a good answer.
    expect(rows[1]).toMatchObject({ status: 'failed', result: null });
    expect(rows[1]?.messages[1]).toBe('the answer is a list of 1, not an object');
    expect(detail(2)?.rawAnswer).toBe(JSON.stringify([conforming]));

    const codes = history.db.prepare('SELECT error_code FROM lookups ORDER BY seq').pluck().all();
    expect(codes).toEqual(['invalid_response', 'invalid_response']);
    // Final at once: a service that answers out of its interface is not asked three times.
    expect(sandbox.counters().insights).toBe(2);
  });

  it('is failed when its device ID is longer than one can be searched for or opened by', async () => {
    const longest = { ...conforming, deviceID: 'd'.repeat(maxDeviceIdChars) };
    const tooLong = { ...conforming, deviceID: 'd'.repeat(maxDeviceIdChars + 1) };
    const { rows } = await runWith([JSON.stringify(longest), JSON.stringify(tooLong)]);
    expect(rows[0]).toMatchObject({ status: 'ok' });
    expect(rows[1]).toMatchObject({ status: 'failed', result: null });
    expect(rows[1]?.messages[1]).toBe(
      `deviceID is ${String(maxDeviceIdChars + 1)} characters long; a device ID is at most ${String(maxDeviceIdChars)}`,
    );
  });

  it('is failed when its body is not JSON, keeping the start of the text', async () => {
    const { rows, detail } = await runWith(['<html>Bad gateway</html>']);
    expect(rows[0]).toMatchObject({
      status: 'failed',
      messages: ['The service sent an insight answer that is not JSON.'],
    });
    expect(detail(1)?.rawAnswer).toBe('<html>Bad gateway</html>');
  });
  it('is failed when it gives a field twice under the same key, and is not asked again', async () => {
    const twice =
      '{"deviceID":"dev-dup","score":0.05,"deviceRisk":"low","score":0.97,"deviceRisk":"high"}';
    const { rows, detail, counts } = await runWith([twice]);
    expect(counts).toMatchObject({ ok: 0, failed: 1 });
    expect(rows[0]).toMatchObject({
      status: 'failed',
      result: null,
      messages: [
        'The service sent an insight answer that gives the same field twice (score, deviceRisk): which one is meant cannot be known.',
      ],
    });
    expect(detail(1)?.rawAnswer).toBe(twice);
    expect(history.db.prepare('SELECT error_code FROM lookups').pluck().get()).toBe(
      'invalid_response',
    );
    expect(sandbox.counters().insights).toBe(1);
  });
});

describe('the deviations the app tolerates', () => {
  it('stores as answered: numeric strings, other key casing, absent optional fields', async () => {
    const { rows, detail } = await runWith([
      JSON.stringify({ ...conforming, alertQuantity: '2', deviceAge: '48', score: '0.75' }),
      JSON.stringify({ DeviceID: 'dev-b', DeviceRisk: 'High', Score: 0.9 }),
      JSON.stringify({ deviceID: 'dev-c' }),
    ]);
    expect(rows.map((row) => row.status)).toEqual(['ok', 'ok', 'ok']);
    expect(rows[0]?.result).toMatchObject({ alertQuantity: 2, deviceAge: 48, score: 0.75 });
    expect(rows[1]?.result).toMatchObject({ deviceID: 'dev-b', deviceRisk: 'high', score: 0.9 });
    expect(rows[2]?.result).toEqual({
      deviceID: 'dev-c',
      insights: [],
      alertQuantity: null,
      deviceAge: null,
      deviceRisk: null,
      score: null,
      smartID: null,
      similarityResult: null,
    });
    // Nothing unknown: the known fields are the whole answer, no raw copy.
    expect(detail(1)?.rawAnswer).toBeNull();
  });

  it('stores unknown fields only in a capped raw copy, however large they are', async () => {
    const huge = JSON.stringify({ ...conforming, debug: 'x'.repeat(900 * 1024) });
    const { rows, detail } = await runWith(Array.from({ length: 20 }, () => huge));
    expect(rows.every((row) => row.status === 'ok')).toBe(true);
    expect(JSON.stringify(rows[0]?.result)).not.toContain('debug');
    const raw = detail(1)?.rawAnswer ?? '';
    expect(raw.startsWith(huge.slice(0, 4096))).toBe(true);
    expect(raw).toBe(`${huge.slice(0, 4096)}… (${String(huge.length)} characters in all)`);

    history.db.pragma('wal_checkpoint(TRUNCATE)');
    const bytes = statSync(path.join(history.dir, 'history.sqlite3')).size;
    // Twenty answers of 900 KB: stored whole they would take 18 MB.
    expect(bytes).toBeLessThan(1024 * 1024);
  });

  it('refuses a score outside 0..1 and an unknown deviceRisk', async () => {
    const { rows } = await runWith([
      JSON.stringify({ ...conforming, score: 1.5 }),
      JSON.stringify({ ...conforming, deviceRisk: 'critical' }),
    ]);
    expect(rows.map((row) => [row.status, row.messages[1]])).toEqual([
      ['failed', 'score is the number 1.5; expected a number from 0 to 1'],
      ['failed', 'deviceRisk is the text "critical"; expected one of undefined, low, medium, high'],
    ]);
  });
});
