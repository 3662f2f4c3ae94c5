import { AsyncEntry } from '@napi-rs/keyring';
import type { EnvironmentName } from '../../../shared/environment';
import { fail, ok, type Result } from '../../../shared/result';
import type { Credentials } from '../service/client';
import { keychainFailure, malformedEntry } from './keychain-errors';
import { checkCredentials, parseCredentials, serializeCredentials } from './validation';

/**
 * The service's credentials in the OS keychain (macOS Keychain, Windows Credential Manager, the
 * Secret Service on Linux): one entry per environment, the account being the environment's name
 * and the secret `{"username":…,"password":…}` as JSON. The password lives only there.
 *
 * Every method returns a Result and never throws. When the keychain cannot be reached, is locked,
 * denies access or holds an entry in another format, the error code is `keychain_unavailable`
 * with an English message that never contains the password. `sandbox` needs no credentials and is
 * refused with `config`.
 */
export interface CredentialStore {
  /** Saves (or replaces) the environment's credentials; `validation` for empty or oversized input. */
  save(environment: EnvironmentName, credentials: Credentials): Promise<Result<void>>;
  /** The saved credentials, or null when none are saved. */
  read(environment: EnvironmentName): Promise<Result<Credentials | null>>;
  /** Deletes the entry; true when one was deleted, false when there was none. */
  remove(environment: EnvironmentName): Promise<Result<boolean>>;
  /** Whether credentials are saved for the environment. */
  has(environment: EnvironmentName): Promise<Result<boolean>>;
  /** The saved user name (safe to show), or null when none is saved. */
  username(environment: EnvironmentName): Promise<Result<string | null>>;
  /**
   * The team database's password (issue 17), one entry per connection URL (without password):
   * saved, read (null when none) and removed like the service's.
   */
  teamPassword: {
    save(url: string, password: string): Promise<Result<void>>;
    read(url: string): Promise<Result<string | null>>;
    remove(url: string): Promise<Result<boolean>>;
  };
}

export interface KeychainOptions {
  /** The keychain's service name; tests use their own so they never touch a real entry. */
  service?: string;
  /** How long to wait for the keychain (an unlock prompt may be open). Default 2 minutes. */
  timeoutMs?: number;
}

export const defaultKeychainService = 'Device Check Desk';
const defaultTimeoutMs = 120_000;

type Account = Exclude<EnvironmentName, 'sandbox'>;

const accounts: readonly string[] = ['production', 'test'] satisfies Account[];

/** The environment's account, or a failure: the sandbox has none, and callers may be untrusted. */
function accountOf(environment: EnvironmentName): Account | Result<never> {
  if (environment === 'sandbox')
    return fail(
      'config',
      'The sandbox needs no credentials: nothing is kept in the keychain for it.',
    );
  if (!accounts.includes(environment))
    return fail('validation', 'Unknown environment: use production or test.');
  return environment;
}

/** The keychain account of a team database's password: its URL, which holds no password. */
const teamAccount = (url: string) => `team ${url}`;

export function createKeychainStore(options: KeychainOptions = {}): CredentialStore {
  const service = options.service ?? defaultKeychainService;
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;

  /**
   * Runs one keychain call on the environment's entry. AsyncEntry runs the calls on a background
   * thread, so the main process never waits on the Secret Service or an unlock prompt; only the
   * constructor's connection to the local bus is synchronous, and it throws when there is no
   * Secret Service, so it stays inside the try. The Linux store is pinned to the Secret Service:
   * a secret never falls back silently to the kernel keyring, which forgets it at reboot.
   */
  async function withEntry<T>(
    environment: EnvironmentName,
    call: (entry: AsyncEntry, signal: AbortSignal) => Promise<T>,
    secrets: readonly string[] = [],
  ): Promise<Result<T>> {
    const account = accountOf(environment);
    if (typeof account !== 'string') return account;
    return withAccount(account, call, secrets);
  }

  async function withAccount<T>(
    account: string,
    call: (entry: AsyncEntry, signal: AbortSignal) => Promise<T>,
    secrets: readonly string[] = [],
  ): Promise<Result<T>> {
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const entry = new AsyncEntry(service, account, { linux: { store: 'secret-service' } });
      return ok(await call(entry, signal));
    } catch (caught) {
      return keychainFailure(caught, { timedOut: signal.aborted, timeoutMs, secrets });
    }
  }

  async function read(environment: EnvironmentName): Promise<Result<Credentials | null>> {
    const stored = await withEntry(environment, (entry, signal) => entry.getPassword(signal));
    if (!stored.ok) return stored;
    if (stored.value === null) return ok(null);
    const credentials = parseCredentials(stored.value);
    return credentials ? ok(credentials) : malformedEntry(environment);
  }

  return {
    async save(environment, credentials) {
      const checked = checkCredentials(credentials);
      if (typeof checked === 'string') return fail('validation', checked);
      const secret = serializeCredentials(checked);
      // The binding resolves null rather than undefined; the contract says void.
      const write = async (entry: AsyncEntry, signal: AbortSignal) => {
        await entry.setPassword(secret, signal);
      };
      return withEntry(environment, write, [checked.password, secret]);
    },
    read,
    remove(environment) {
      return withEntry(environment, (entry, signal) => entry.deleteCredential(signal));
    },
    async has(environment) {
      const saved = await read(environment);
      return saved.ok ? ok(saved.value !== null) : saved;
    },
    async username(environment) {
      const saved = await read(environment);
      return saved.ok ? ok(saved.value?.username ?? null) : saved;
    },
    teamPassword: {
      save(url, password) {
        if (password.length === 0 || password.length > 4096)
          return Promise.resolve(
            fail('validation', 'The team database password is empty or too long.'),
          );
        const write = async (entry: AsyncEntry, signal: AbortSignal) => {
          await entry.setPassword(password, signal);
        };
        return withAccount(teamAccount(url), write, [password]);
      },
      read: (url) => withAccount(teamAccount(url), (entry, signal) => entry.getPassword(signal)),
      remove: (url) =>
        withAccount(teamAccount(url), (entry, signal) => entry.deleteCredential(signal)),
    },
  };
}
