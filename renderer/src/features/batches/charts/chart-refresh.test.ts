import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { BatchEvent } from '../../../../../shared/batch';
import type { ResultAggregates } from '../../../../../shared/contract/results';
import { queryKeys } from '../../../lib/query-keys';
import { chartRefresh } from './chart-refresh';

const progress = (batchId: string, done: number): BatchEvent => ({
  type: 'progress',
  batchId,
  counts: {
    total: 10,
    done,
    ok: done,
    noContent: 0,
    invalid: 0,
    rejected: 0,
    failed: 0,
    remaining: 10 - done,
  },
  rowsPerSecond: 4,
  etaSeconds: 2,
});

const empty = {} as ResultAggregates;
const stops: Array<() => void> = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

/** A charts query on screen whose fetches wait until `answer` is called; counts them. */
function chartsOnScreen(client: QueryClient, batchId: string) {
  const waiting: Array<() => void> = [];
  const seen = { fetches: 0, inFlight: 0, most: 0 };
  const observer = new QueryObserver(client, {
    queryKey: queryKeys['results.aggregates'](batchId, {}),
    queryFn: () => {
      seen.fetches += 1;
      seen.inFlight += 1;
      seen.most = Math.max(seen.most, seen.inFlight);
      return new Promise<ResultAggregates>((resolve) =>
        waiting.push(() => {
          seen.inFlight -= 1;
          resolve(empty);
        }),
      );
    },
    staleTime: 60_000,
  });
  stops.push(observer.subscribe(() => undefined));
  const answer = async () => {
    waiting.shift()?.();
    // Let the query settle and any refresh queued behind it start.
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { seen, answer };
}

describe('chartRefresh', () => {
  it('fetches the charts again with each progress of their batch, one fetch at a time', async () => {
    const client = new QueryClient();
    const charts = chartsOnScreen(client, 'b1');
    await charts.answer();
    expect(charts.seen.fetches).toBe(1);

    const refresh = chartRefresh(client);
    refresh.take(progress('b1', 1));
    expect(charts.seen.fetches).toBe(2);
    // Progress while the charts are being read: one more read once this one ends, not now.
    refresh.take(progress('b1', 2));
    refresh.take(progress('b1', 3));
    expect(charts.seen.fetches).toBe(2);
    await charts.answer();
    expect(charts.seen.fetches).toBe(3);
    await charts.answer();
    expect(charts.seen.fetches).toBe(3);
    expect(charts.seen.most).toBe(1);
  });

  it('leaves the charts of other batches, and ignores events other than progress', async () => {
    const client = new QueryClient();
    const charts = chartsOnScreen(client, 'b1');
    await charts.answer();
    const refresh = chartRefresh(client);
    refresh.take(progress('b2', 1));
    refresh.take({ type: 'started', batchId: 'b1', counts: progress('b1', 0).counts });
    expect(charts.seen.fetches).toBe(1);
  });
});
