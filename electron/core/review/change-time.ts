let last = 0;

/**
 * The time of an outcome change made here, as the trail writes it (ISO 8601, in milliseconds):
 * now, or a millisecond after the last time given, whichever is later. The trail, and the team
 * that takes a transaction's latest change by time and then by change ID (a random UUID), order
 * changes by it: two changes made within one millisecond must not be left to their IDs' order.
 */
export function changeTime(): string {
  last = Math.max(Date.now(), last + 1);
  return new Date(last).toISOString();
}
