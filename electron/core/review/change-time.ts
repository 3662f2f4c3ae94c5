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

/**
 * The time of a change made here to a transaction whose latest known change is dated `latest`:
 * `now`, or a millisecond after `latest` when that is later. A colleague's change pulled from
 * the team may be dated ahead of this clock (it runs slow); a change that replaces it must come
 * after it, or the team and every colleague would keep the change it replaced.
 */
export function changeTimeAfter(now: string, latest: string | null | undefined): string {
  if (latest === null || latest === undefined || latest < now) return now;
  return new Date(new Date(latest).getTime() + 1).toISOString();
}

/**
 * `changeTimeAfter` in SQL, for a slice's rows: `now` (a parameter) or a millisecond after the
 * latest trail line of the transaction `externalId` in `environment` (SQL expressions).
 */
export function changeTimeAfterSql(now: string, externalId: string, environment: string): string {
  return `MAX(${now}, COALESCE(strftime('%Y-%m-%dT%H:%M:%fZ',
    (SELECT MAX(t.at) FROM outcome_changes t
     WHERE t.external_id = ${externalId} AND t.environment = ${environment}), '+0.001 seconds'), ''))`;
}
