import { nodeFetch } from '../../electron/core/service/node-fetch';
import { ok } from '../../shared/result';
import { createBatch, type SourceRow } from '../../electron/core/bulk/batch';
import type { BatchEvent } from '../../electron/core/bulk/progress';
import { runBatch, type RunnerOptions } from '../../electron/core/bulk/runner';
import { createServiceClient } from '../../electron/core/service/client';
import type { Db } from '../../electron/core/store/db';
import type { BatchSettings } from '../../electron/core/store/batches.repo';
import type { SandboxHandle } from '../../electron/sandbox';
import { sampleTransaction } from './transactions';

/** Spreadsheet-like rows for `n` valid transactions, numbered from `from`. */
export function sourceRows(n: number, from = 0): SourceRow[] {
  return Array.from({ length: n }, (_, index) => {
    const { phone, ...transaction } = sampleTransaction(from + index);
    return {
      row: index + 2,
      raw: {
        ...transaction,
        phone: `+${phone?.countryCode ?? ''} ${phone?.cityCode ?? ''} ${phone?.number ?? ''}`,
      },
      notes: [],
    };
  });
}

export function sandboxClient(sandbox: SandboxHandle, timeoutMs = 5000) {
  return createServiceClient({
    fetch: nodeFetch(),
    endpoint: { baseUrl: sandbox.url, pathStyle: 'production' },
    credentials: () => Promise.resolve(ok({ username: 'sandbox', password: 'sandbox' })),
    timeoutMs,
  });
}

/** Stores a batch of `rows` and starts it; events are collected. */
export function startBatch(
  db: Db,
  sandbox: SandboxHandle,
  rows: SourceRow[],
  settings: Partial<BatchSettings> = {},
  extra: Partial<RunnerOptions> = {},
) {
  const batch = createBatch(db, {
    sourceName: 'test.csv',
    sourceSha256: 'f'.repeat(64),
    environment: 'sandbox',
    baseUrl: sandbox.url,
    settings,
    rows,
  });
  const events: BatchEvent[] = [];
  const run = runBatch(batch.id, {
    db,
    client: sandboxClient(sandbox),
    onEvent: (event) => events.push(event),
    ...extra,
  });
  return { batch, run, events };
}
