import { maxSpreadsheetRows } from './spreadsheet/limits';

/**
 * The one statement of each numeric setting's range. The settings schema, the settings screen,
 * the core's batch checks and every command-line flag read it, so a value one door accepts is
 * never refused (or, worse, silently broken) by another: Node's timers, for one, fire at once for
 * any delay above 2^31-1 ms.
 */
export interface NumberBounds {
  min: number;
  max: number;
  /** Whole numbers only. */
  integer: boolean;
}

export const settingBounds = {
  /** Days a batch and its results are kept; also `dcdesk purge --older-than`. */
  retentionDays: { min: 1, max: 3650, integer: true },
  /** Requests in flight at once. */
  concurrency: { min: 1, max: 64, integer: true },
  /** Requests per second at most. */
  ratePerSecond: { min: 0.1, max: 10_000, integer: false },
  /** Time limit of one request, in milliseconds. */
  timeoutMs: { min: 1000, max: 300_000, integer: true },
  /** Minutes a token is kept when the service's answer gives no expiry (1 minute to 24 hours). */
  tokenLifetimeMinutes: { min: 1, max: 1440, integer: true },
  /** Data rows an imported spreadsheet may have. */
  maxRows: { min: 1, max: maxSpreadsheetRows, integer: true },
  /** Days within which an external ID's answer is reused instead of asking again. */
  skipRecentDays: { min: 1, max: 3650, integer: true },
  /** Attempts of one row before it counts as failed. */
  maxAttempts: { min: 1, max: 10, integer: true },
} as const satisfies Record<string, NumberBounds>;

/** Whether a value lies within the bounds (and is whole when they ask for it). */
export function withinBounds(value: number, bounds: NumberBounds): boolean {
  return (
    Number.isFinite(value) &&
    value >= bounds.min &&
    value <= bounds.max &&
    (!bounds.integer || Number.isInteger(value))
  );
}

/** "a whole number from 1 to 64", for messages. */
export function describeBounds(bounds: NumberBounds): string {
  return `${bounds.integer ? 'a whole number' : 'a number'} from ${String(bounds.min)} to ${String(bounds.max)}`;
}
