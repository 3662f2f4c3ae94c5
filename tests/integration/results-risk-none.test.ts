/**
 * The results screen's Device risk chart: "None" is an answer that gave no risk (the interface
 * lets `deviceRisk` be left out), not a row with no answer at all. Invalid, refused, failed and
 * 204 rows were counted there, so the chart said those devices were judged riskless.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultHandlers } from '../../electron/core/handlers/results.handlers';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { sourceRows, startBatch } from '../support/bulk';
import { tempHistory } from '../support/history';
import { unwrap } from './results-fixture';

let sandbox: SandboxHandle;
let history: Awaited<ReturnType<typeof tempHistory>>;
let batchId: string;

beforeAll(async () => {
  sandbox = await startSandbox();
  sandbox.configure({ latencyMs: 0, faults: {}, tokenTtlSeconds: 3600, retryAfterSeconds: 1 });
  history = await tempHistory();
  const rows = sourceRows(5);
  // Row 2: an invalid CPF, never sent.
  rows[1] = { ...rows[1]!, raw: { ...rows[1]!.raw, cpf: '123.456.789-00' } };
  // Sent in order: an answer without deviceRisk, a 204, a refusal (400), a failure (500 × 3).
  sandbox.forceNext(200, {
    route: 'insights',
    body: '{"deviceID":"dev-1","insights":["A"],"alertQuantity":0,"deviceAge":1,"score":0.5}',
  });
  sandbox.forceNext(204, { route: 'insights' });
  sandbox.forceNext(400, { route: 'insights' });
  sandbox.forceNext(500, { route: 'insights', count: 3 });
  const { batch, run } = startBatch(
    history.db,
    sandbox,
    rows,
    { concurrency: 1 },
    { retryPolicy: { baseDelayMs: 1 } },
  );
  await run.ended;
  batchId = batch.id;
});
afterAll(async () => {
  history.close();
  await sandbox.close();
});

describe('the Device risk chart', () => {
  it('counts under None only the answers that gave no risk', async () => {
    const charts = unwrap(
      await resultHandlers({ db: history.db })['results.aggregates']({ batchId, filter: {} }),
    );
    expect(charts.statuses).toMatchObject({
      ok: 1,
      no_content: 1,
      invalid: 1,
      rejected: 1,
      failed: 1,
    });
    expect(charts.risks).toEqual({ undefined: 0, low: 0, medium: 0, high: 0, none: 1 });
  });
});
