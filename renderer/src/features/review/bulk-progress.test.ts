import { describe, expect, it } from 'vitest';
import { nextBulkProgress } from './bulk-progress';

const event = (done: number, batchId = 'b1', total = 10_000) => ({ batchId, done, total });

describe('the progress of a bulk outcome', () => {
  it("follows this batch's slices forward, ignoring other batches and late events", () => {
    const first = nextBulkProgress(null, event(4096), 'b1');
    expect(first).toEqual({ done: 4096, total: 10_000 });
    expect(nextBulkProgress(first, event(8192, 'b2'), 'b1')).toBe(first);
    const second = nextBulkProgress(first, event(8192), 'b1');
    expect(second).toEqual({ done: 8192, total: 10_000 });
    expect(nextBulkProgress(second, event(4096), 'b1')).toBe(second);
    expect(nextBulkProgress(null, event(10, 'b2'), 'b1')).toBeNull();
  });
});
