import { afterEach, describe, expect, it } from 'vitest';
import { newBatchId } from './batch';

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('newBatchId', () => {
  it("names the batch by the analyst's own date and time, as every other time is shown", () => {
    // 21:30 on the 27th in São Paulo is 00:30 on the 28th in UTC.
    process.env.TZ = 'America/Sao_Paulo';
    expect(newBatchId(new Date('2026-11-28T00:30:00Z'))).toMatch(/^20261127-213000-[0-9a-z]{4}$/);
    process.env.TZ = 'Asia/Tokyo';
    expect(newBatchId(new Date('2026-11-28T00:30:00Z'))).toMatch(/^20261128-093000-[0-9a-z]{4}$/);
  });

  it('keeps IDs in the order they were made, across the change of day', () => {
    process.env.TZ = 'America/Sao_Paulo';
    const at = Date.parse('2026-11-28T02:59:59Z');
    const ids = [0, 1000, 60_000, 3_600_000].map((ms) => newBatchId(new Date(at + ms)));
    expect([...ids].sort()).toEqual(ids);
  });
});
