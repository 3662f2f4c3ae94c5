import { sandboxCredentials, type EnvironmentName } from '../../../shared/environment';
import { fail, ok, type Result } from '../../../shared/result';
import type { Credentials } from '../service/client';
import type { CredentialStore } from './keychain';

export interface CredentialsSourceOptions {
  environment: EnvironmentName;
  store: CredentialStore;
  /** Credentials that take precedence over the keychain (the CLI's DCDESK_USERNAME/PASSWORD). */
  override?: Credentials | null;
  /** The `config` message when nothing is saved; the CLI names its own command and variables. */
  missingMessage?: string;
}

/**
 * What the service client asks for at every token acquisition: the override, else the sandbox's
 * fixed pair, else the keychain. The keychain is read only then, so a run against the sandbox
 * never touches it, and a password changed in the keychain takes effect at the next token.
 */
export function credentialsSource(
  options: CredentialsSourceOptions,
): () => Promise<Result<Credentials>> {
  const { environment, store, override } = options;
  return async () => {
    if (override) return ok({ ...override });
    if (environment === 'sandbox') return ok({ ...sandboxCredentials });
    const saved = await store.read(environment);
    if (!saved.ok) return saved;
    if (saved.value) return ok(saved.value);
    return fail(
      'config',
      options.missingMessage ??
        `No credentials are saved for the ${environment} environment: save them here, in Environments.`,
    );
  };
}
