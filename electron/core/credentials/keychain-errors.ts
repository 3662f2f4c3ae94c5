import { fail, type Result } from '../../../shared/result';
import { messageOf } from '../../../shared/message-of';
import { secondsText } from '../service/errors';

/**
 * Turns whatever the keychain threw into a `keychain_unavailable` result. The platform's own text
 * goes to `details` for support; it never holds the secret (the library does not echo it), and
 * any known secret is cut out anyway, so a future library version cannot leak it into a log.
 */

/** Why the keychain failed, from the library's messages (keyring-rs and D-Bus). */
function reasonOf(message: string, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `it did not answer within ${secondsText(timeoutMs)}`;
  if (/dismissed|locked|no result found/i.test(message))
    return 'it is locked, and the unlock prompt was dismissed or could not be shown';
  if (/D-?Bus|Secret Service provider|Failed to connect|AccessDenied|ServiceUnknown/i.test(message))
    return 'no Secret Service is running';
  if (/not valid UTF-8/i.test(message)) return 'the saved entry is not in the expected format';
  return 'it refused the request';
}

export function keychainFailure<T>(
  caught: unknown,
  options: { timedOut: boolean; timeoutMs: number; secrets: readonly string[] },
): Result<T> {
  const raw = messageOf(caught);
  const reason = reasonOf(raw, options.timedOut, options.timeoutMs);
  const detail = options.secrets
    .filter((secret) => secret !== '')
    .reduce((text, secret) => text.split(secret).join('[hidden]'), raw);
  return fail(
    'keychain_unavailable',
    `The OS keychain is unavailable (${reason}): credentials cannot be saved or read.`,
    { details: detail.trim() === '' ? [] : [detail.trim()] },
  );
}

/** A saved entry this version cannot read: reported, never sent to the service half-understood. */
export function malformedEntry<T>(environment: string): Result<T> {
  return fail(
    'keychain_unavailable',
    `The credentials saved in the OS keychain for the ${environment} environment are not in the expected format: save them again.`,
  );
}
