import { createHash } from 'node:crypto';
import type { RawTransaction } from '../../../shared/domain/types';
import type { CustomUrl, EnvironmentName } from '../../../shared/environment';
import type { Result } from '../../../shared/result';
import type { InsightAnswer, ServiceClient } from '../service/client';
import type { Db } from '../store/db';
import { batchesRepo } from '../store/batches.repo';
import { rowsRepo } from '../store/rows.repo';
import { createBatch } from './batch';
import { failureOf, resultOf } from './row-result';
import { sleep } from './rate';
import { decideRetry, defaultRetryPolicy, type RetryPolicy } from './retry';

/**
 * A lookup by hand has someone waiting: the same attempts and backoff as a batch, but a service
 * asking to wait longer than this ends it with the service's error instead of holding the screen.
 */
const lookupPolicy: RetryPolicy = { ...defaultRetryPolicy, maxRetryAfterMs: 10_000 };

/** Sends again after a passing failure (429, 5xx, timeout, lost connection), as a batch does. */
async function withRetries(
  send: () => Promise<Result<InsightAnswer>>,
): Promise<Result<InsightAnswer>> {
  for (let attempt = 1; ; attempt += 1) {
    const answer = await send();
    if (answer.ok) return answer;
    const decision = decideRetry(answer.error, attempt, lookupPolicy, Math.random);
    if (decision.kind !== 'retry') return answer;
    await sleep(decision.delayMs);
  }
}

/**
 * One lookup, kept in the history like any batch (a batch of one row), so a transaction looked up
 * by hand is found again in searches. The caller has validated the transaction.
 */
export async function lookupAndRecord(
  db: Db,
  client: Pick<ServiceClient, 'insights'>,
  input: {
    raw: RawTransaction;
    environment: EnvironmentName;
    baseUrl: string;
    customUrl?: CustomUrl | null;
    sourceName: string;
  },
): Promise<Result<InsightAnswer>> {
  const batch = createBatch(db, {
    sourceName: input.sourceName,
    sourceSha256: createHash('sha256').update(JSON.stringify(input.raw)).digest('hex'),
    environment: input.environment,
    baseUrl: input.baseUrl,
    customUrl: input.customUrl ?? null,
    settings: { concurrency: 1 },
    rows: [{ row: 1, raw: input.raw, notes: [] }],
  });
  const rows = rowsRepo(db);
  const [claimed] = db
    .transaction(() => rows.claim(batch.id, 1, new Date().toISOString()))
    .immediate();
  if (!claimed)
    throw new Error('The transaction is not valid; validate it before recording a lookup.');
  const answer = await withRetries(() => client.insights(claimed.request));
  const stored = answer.ok
    ? resultOf(claimed.seq, answer.value, 1)
    : failureOf(
        claimed.seq,
        answer.error,
        answer.error.code === 'rejected' ? 'rejected' : 'failed',
        1,
      );
  db.transaction(() => {
    const at = new Date().toISOString();
    rows.complete(batch.id, [stored], at);
    batchesRepo(db).setState(batch.id, 'finished', at);
  }).immediate();
  return answer;
}
