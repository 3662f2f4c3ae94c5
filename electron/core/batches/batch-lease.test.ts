import { describe, expect, it } from 'vitest';
import { leaseIsGone, processAlive, type Lease, type LeaseOwner } from './batch-lease';

const self: LeaseOwner = { id: 'here:100:aaaa', host: 'here', pid: 100 };
const timing = { heartbeatMs: 2000, staleAfterMs: 15_000 };
const held = (over: Partial<Lease>): Lease => ({
  owner: 'here:200:bbbb',
  host: 'here',
  pid: 200,
  heartbeatAt: 50_000,
  ...over,
});

describe('leaseIsGone', () => {
  it('is free with no owner, taken over after a stale heartbeat, or at once when the local owner died', () => {
    const alive = () => true;
    const dead = () => false;
    expect(leaseIsGone(held({ owner: null, heartbeatAt: null }), self, 50_000, timing, alive)).toBe(
      true,
    );
    expect(leaseIsGone(held({}), self, 60_000, timing, alive)).toBe(false);
    expect(leaseIsGone(held({}), self, 65_001, timing, alive)).toBe(true);
    expect(leaseIsGone(held({}), self, 51_000, timing, dead)).toBe(true);
    // Another host's pid says nothing here: only its heartbeat counts.
    expect(leaseIsGone(held({ host: 'there' }), self, 51_000, timing, dead)).toBe(false);
    expect(leaseIsGone(held({ host: 'there' }), self, 66_000, timing, dead)).toBe(true);
  });

  it('tells a living process from a dead one', () => {
    expect(processAlive(process.pid)).toBe(true);
    // Above the kernel's pid_max (4,194,304 at most on Linux): no such process can exist.
    expect(processAlive(99_999_999)).toBe(false);
  });
});
