/** Steps through the core itself: what a journey checks the screens against. */
import type { BatchSummary, ResultPage, ResultRow } from '../../../shared/contract/results';
import { expect, type App } from '../fixtures';

/** Calls an operation of the app's core; an error result fails the test with its message. */
export async function call<T>(app: App, name: string, input: unknown): Promise<T> {
  const result = await app.call(name, input);
  if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
  return result.value as T;
}

/** Every row of a (small) batch in input order, with its stored outcome, as the core reads it. */
export async function batchRows(app: App, batchId: string): Promise<ResultRow[]> {
  const page = await call<ResultPage>(app, 'results.page', {
    batchId,
    filter: {},
    sort: 'row',
    direction: 'asc',
    offset: 0,
    limit: 500,
  });
  return page.rows;
}

/** The id of the newest batch. */
export async function newestBatchId(app: App): Promise<string> {
  const [newest] = await call<Array<{ id: string }>>(app, 'batches.list', {});
  if (!newest) throw new Error('There is no batch.');
  return newest.id;
}

/** Runs rows as a sandbox batch through the core and waits until every row is answered. */
export async function finishedBatch(
  app: App,
  batch: { sourceName: string; sourceSha256: string; rows: unknown[] },
): Promise<string> {
  const created = await call<BatchSummary>(app, 'batches.create', batch);
  await expect
    .poll(
      async () => (await call<BatchSummary>(app, 'batches.get', { batchId: created.id })).state,
      { timeout: 30_000 },
    )
    .toBe('finished');
  return created.id;
}
