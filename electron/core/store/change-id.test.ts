import { describe, expect, it } from 'vitest';
import { changeIdMaker } from './change-id';

const version7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('changeIdMaker', () => {
  it('makes version 7 UUIDs that carry the millisecond they were made in', () => {
    const made = changeIdMaker(() => Date.UTC(2026, 10, 27, 10, 40))();
    expect(made).toMatch(version7);
    expect(parseInt(made.slice(0, 8) + made.slice(9, 13), 16)).toBe(Date.UTC(2026, 10, 27, 10, 40));
  });

  it('keeps the order they were made in, within one millisecond and across many', () => {
    const ms = 1_700_000_000_000;
    let calls = 0;
    // 5,000 IDs a millisecond: the counter, not the random bits, orders them.
    const make = changeIdMaker(() => ms + Math.floor(calls++ / 5000));
    const ids = Array.from({ length: 300_000 }, make);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps the order when the clock goes back', () => {
    const times = [5_000, 5_000, 4_000, 4_500, 5_000, 6_000];
    const make = changeIdMaker(() => times.shift() ?? 6_000);
    const ids = Array.from({ length: 6 }, make);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) expect(id).toMatch(version7);
  });

  it('differs between two makers in the same millisecond', () => {
    const a = changeIdMaker(() => 1_000)();
    const b = changeIdMaker(() => 1_000)();
    expect(a).not.toBe(b);
  });
});
