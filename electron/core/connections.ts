import { pathStyleOf, type EnvironmentName, type ServiceEndpoint } from '../../shared/environment';
import type { Settings } from '../../shared/settings';
import type { EnvironmentView } from '../../shared/contract/views';
import type { CredentialStore } from './credentials/keychain';
import { credentialsSource } from './credentials/source';
import { createServiceClient, type FetchFn, type ServiceClient } from './service/client';
import { createRedactor } from './service/redact';

/** What the core needs of the embedded sandbox: where it listens, and how to stop it. */
export interface EmbeddedSandbox {
  url: string;
  close(): Promise<void>;
}

export interface ConnectionsOptions {
  fetch: FetchFn;
  /**
   * Starts the embedded sandbox. Passed in by the composition roots (the app, the web host,
   * tests) so that the core never imports the sandbox (layering, enforced by lint).
   */
  startSandbox: () => Promise<EmbeddedSandbox>;
  keychain: CredentialStore;
  settings: () => Settings;
}

/**
 * One service client per environment, kept while its address and credentials stay the same so its
 * token is reused: a new token only after the current one expired (spec 5.3). Settings that are
 * not about who signs in where (the timeout, the token lifetime) are read by the client at each
 * request, so changing them keeps the client and its token. The embedded sandbox is started the
 * first time it is needed.
 */
export function createConnections(options: ConnectionsOptions) {
  const clients = new Map<EnvironmentName, { key: string; client: ServiceClient }>();
  let sandbox: Promise<EmbeddedSandbox> | null = null;
  // One for every client of the core: a token or password seen by one is hidden in all, even
  // after its client was replaced (credentials or address changed).
  const redactor = createRedactor();

  function embeddedSandbox(): Promise<EmbeddedSandbox> {
    sandbox ??= options.startSandbox();
    return sandbox;
  }

  function configuredUrl(environment: Exclude<EnvironmentName, 'sandbox'>): string {
    const settings = options.settings();
    return environment === 'production' ? settings.productionBaseUrl : settings.testBaseUrl;
  }

  async function endpointOf(environment: EnvironmentName): Promise<ServiceEndpoint> {
    if (environment === 'sandbox')
      return { baseUrl: (await embeddedSandbox()).url, pathStyle: 'production' };
    return { baseUrl: configuredUrl(environment), pathStyle: pathStyleOf(environment) };
  }

  return {
    async client(environment: EnvironmentName): Promise<ServiceClient> {
      const endpoint = await endpointOf(environment);
      // Where the token is valid: the credentials' changes drop the client (`forget`).
      const key = `${endpoint.baseUrl}|${endpoint.pathStyle}`;
      const cached = clients.get(environment);
      if (cached?.key === key) return cached.client;
      const client = createServiceClient({
        fetch: options.fetch,
        endpoint,
        timeoutMs: () => options.settings().timeoutMs,
        defaultTokenLifetimeMs: () => options.settings().tokenLifetimeMinutes * 60_000,
        credentials: credentialsSource({ environment, store: options.keychain }),
        redactor,
      });
      clients.set(environment, { key, client });
      return client;
    },
    /** Credentials changed: the next request obtains a new token with them. */
    forget(environment: EnvironmentName): void {
      clients.get(environment)?.client.tokens.clear();
      clients.delete(environment);
    },
    async views(): Promise<EnvironmentView[]> {
      const active = options.settings().activeEnvironment;
      const views: EnvironmentView[] = [];
      for (const name of ['sandbox', 'test', 'production'] as const) {
        if (name === 'sandbox') {
          views.push({
            name,
            baseUrl: 'http://127.0.0.1 (embedded)',
            pathStyle: 'production',
            active: active === name,
            username: null,
            hasPassword: false,
            needsCredentials: false,
          });
          continue;
        }
        const saved = await options.keychain.read(name);
        const username = saved.ok ? (saved.value?.username ?? null) : null;
        views.push({
          name,
          baseUrl: configuredUrl(name),
          pathStyle: pathStyleOf(name),
          active: active === name,
          username,
          hasPassword: saved.ok && saved.value !== null,
          needsCredentials: true,
        });
      }
      return views;
    },
    async close(): Promise<void> {
      if (sandbox) await (await sandbox).close();
    },
  };
}
