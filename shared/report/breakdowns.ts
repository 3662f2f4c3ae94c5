import { wilsonInterval } from './wilson';

/** Counts of one group of cases (a risk level, an insight code, a bucket) and its fraud rate. */
export interface GroupCounts {
  rows: number;
  fraud: number;
}

export interface GroupRate extends GroupCounts {
  fraudRate: number | null;
  /** Fraud rate ÷ the base rate of all labelled cases; null without a base rate. */
  lift: number | null;
  /** Wilson's 95% interval of the fraud rate. */
  interval: [number, number] | null;
  /** Fewer rows than `smallCount`: the rate is a hint, not a finding. */
  small: boolean;
}

/** Below this many rows a group's rate is marked small. */
export const smallCount = 30;

export function rateOf(counts: GroupCounts, baseRate: number | null): GroupRate {
  const fraudRate = counts.rows === 0 ? null : counts.fraud / counts.rows;
  return {
    ...counts,
    fraudRate,
    lift: fraudRate === null || !baseRate ? null : fraudRate / baseRate,
    interval: wilsonInterval(counts.fraud, counts.rows),
    small: counts.rows < smallCount,
  };
}

/** A tally of groups keyed by name. */
export function createTally<K>(): {
  /** `count` cases of the group (1 by default), fraud or not. */
  add(key: K, fraud: boolean, count?: number): void;
  entries(): Array<[K, GroupCounts]>;
  get(key: K): GroupCounts | undefined;
} {
  const groups = new Map<K, GroupCounts>();
  return {
    add(key, fraud, count = 1) {
      if (count === 0) return;
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { rows: 0, fraud: 0 }));
      group.rows += count;
      if (fraud) group.fraud += count;
    },
    entries: () => [...groups.entries()],
    get: (key) => groups.get(key),
  };
}

/** Alert quantity buckets: 0, 1, 2, 3, 4 and "5 or more"; null is "unknown". */
export function alertBucket(quantity: number | null): string {
  if (quantity === null) return 'unknown';
  return quantity >= 5 ? '5+' : String(Math.max(0, quantity));
}
export const alertBuckets = ['0', '1', '2', '3', '4', '5+', 'unknown'] as const;

/** Device age buckets (the service gives hours): a new device is the classic fraud signal. */
export const ageBuckets = [
  { key: 'under-1d', below: 24 },
  { key: '1-7d', below: 24 * 7 },
  { key: '7-30d', below: 24 * 30 },
  { key: '30-90d', below: 24 * 90 },
  { key: '90-365d', below: 24 * 365 },
  { key: 'over-1y', below: Number.POSITIVE_INFINITY },
] as const;
export type AgeBucket = (typeof ageBuckets)[number]['key'] | 'unknown';

export function ageBucket(hours: number | null): AgeBucket {
  if (hours === null) return 'unknown';
  return ageBuckets.find((bucket) => hours < bucket.below)?.key ?? 'over-1y';
}

/** Score histogram: 20 bins of 0.05; a score of exactly 1 falls in the last. */
export const histogramBins = 20;
export function binOf(score: number): number {
  return Math.min(histogramBins - 1, Math.max(0, Math.floor(score * histogramBins)));
}
