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
