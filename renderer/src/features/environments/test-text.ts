/** What a successful Test connection says, pure: the card shows it, a unit test reads it. */
import type { ConnectionTest } from '../../../../shared/contract/views';
import type { Translate } from '../../i18n/i18n';
import { formatDateTime } from '../../lib/format';

/**
 * With a token still valid held, the test signs in no more and says so, with that token's expiry.
 * "Connected in 120 ms. The token expires at 11/27/26, 12:00:00 PM (as the service said)": the
 * expiry with its date (a token may be held up to a day, so a time alone would read as today)
 * in the app's locale, not the system's (`toLocaleTimeString` wrote 12:00:00 PM in pt-BR).
 */
export function connectionTestText(t: Translate, locale: string, test: ConnectionTest): string {
  const expiry = new Date(test.expiresAt);
  return t(test.signedIn ? 'environments.testOk' : 'environments.testHeld', {
    ms: test.elapsedMs,
    // A time past what a Date holds is said as given (`toISOString` would throw).
    time: Number.isNaN(expiry.getTime())
      ? String(test.expiresAt)
      : formatDateTime(expiry.toISOString(), locale),
    source: t(`environments.source.${test.expirySource}`),
  });
}
