import type { SandboxCounters } from './types';

/** A map without a prototype, so keys sent by clients (`__proto__`, `constructor`) stay plain keys. */
function emptyMap(): Record<string, number> {
  return Object.create(null) as Record<string, number>;
}

/** Fresh, zeroed counters. */
export function emptyCounters(): SandboxCounters {
  return {
    authenticationRequests: 0,
    authentications: 0,
    failedAuthentications: 0,
    insights: 0,
    insightsByStatus: emptyMap(),
    uploads: 0,
    uploadsByStatus: emptyMap(),
    unauthorized: 0,
    perExternalId: emptyMap(),
    untrackedExternalIds: 0,
  };
}

/** A deep copy, so a caller's snapshot never changes under it. */
export function copyCounters(counters: SandboxCounters): SandboxCounters {
  return {
    ...counters,
    insightsByStatus: { ...counters.insightsByStatus },
    uploadsByStatus: { ...counters.uploadsByStatus },
    perExternalId: { ...counters.perExternalId },
  };
}

/** Adds one to `map[key]`. */
export function increment(map: Record<string, number>, key: string): void {
  map[key] = (map[key] ?? 0) + 1;
}

/**
 * Distinct externalIDs kept in `perExternalId`: about 10 MB. The embedded sandbox lives as long as
 * the app, and every lookup of a long session would otherwise stay in memory.
 */
export const maxTrackedExternalIds = 100_000;

/** Keys in each `perExternalId` map, so a new ID does not count them all again. */
const keyCounts = new WeakMap<Record<string, number>, number>();

/** Counts one request for `id`; a new ID once the map is full is counted as untracked. */
export function countExternalId(
  counters: SandboxCounters,
  id: string,
  cap = maxTrackedExternalIds,
): void {
  const map = counters.perExternalId;
  if (map[id] === undefined) {
    const keys = keyCounts.get(map) ?? Object.keys(map).length;
    if (keys >= cap) {
      counters.untrackedExternalIds += 1;
      return;
    }
    keyCounts.set(map, keys + 1);
  }
  increment(map, id);
}
