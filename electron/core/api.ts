import type { EventName, PayloadOf } from '../../shared/contract/events';
import {
  operations,
  type OperationName,
  type OutputOf,
  type ParsedInputOf,
} from '../../shared/contract/operations';
import { baseUrlProblem } from '../../shared/environment';
import { fail, ok, type Result } from '../../shared/result';
import type { Settings } from '../../shared/settings';
import { countRecentlyLookedUp } from './bulk/reuse';
import { createConnections } from './connections';
import type { CredentialStore } from './credentials/keychain';
import type { FetchFn } from './service/client';
import { openHistory } from './store/db';
import { purgeOlderThan } from './store/retention';
import { settingsRepo } from './store/settings.repo';

export interface CoreOptions {
  dataDir: string;
  /** Electron passes `net.fetch` (system proxy, OS certificates); tests and the web host, Node's. */
  fetch: FetchFn;
  keychain: CredentialStore;
  version: string;
  locale: string;
  platform: string;
}

type Handlers = { [N in OperationName]: (input: ParsedInputOf<N>) => Promise<Result<OutputOf<N>>> };
type Listener = <E extends EventName>(name: E, payload: PayloadOf<E>) => void;

/** The contract implemented once; Electron's IPC and the web host both call `call`. */
export interface Core {
  /** Parses `input` with the operation's schema, then runs it; never throws. */
  call(name: string, input: unknown): Promise<Result<unknown>>;
  subscribe(listener: Listener): () => void;
  close(): Promise<void>;
}

/**
 * Builds the core: opens the history (purging what is past retention, as at every start) and
 * wires the keychain, the service clients and the handlers. Fails only when the history cannot be
 * opened, with that error.
 */
export async function createCore(options: CoreOptions): Promise<Result<Core>> {
  const opened = await openHistory(options.dataDir);
  if (!opened.ok) return opened;
  const { db, notices } = opened.value;
  const settingsStore = settingsRepo(db);
  let settings: Settings = settingsStore.read();
  purgeOlderThan(db, settings.retentionDays);
  const keychainAvailable = (await options.keychain.has('test')).ok;
  const connections = createConnections({
    fetch: options.fetch,
    keychain: options.keychain,
    settings: () => settings,
  });
  const listeners = new Set<Listener>();

  const handlers: Handlers = {
    'app.info': () =>
      Promise.resolve(
        ok({
          version: options.version,
          locale: options.locale,
          platform: options.platform,
          notices,
          keychainAvailable,
        }),
      ),
    'settings.get': () => Promise.resolve(ok(settings)),
    'settings.update': (patch) => {
      for (const key of ['productionBaseUrl', 'testBaseUrl'] as const) {
        const url = patch[key];
        const problem = url === undefined ? null : baseUrlProblem(url);
        if (problem) return Promise.resolve(fail('validation', problem));
      }
      settings = settingsStore.write(patch);
      return Promise.resolve(ok(settings));
    },
    'environments.list': async () => ok(await connections.views()),
    'environments.activate': async ({ environment }) => {
      settings = settingsStore.write({ activeEnvironment: environment });
      return ok(await connections.views());
    },
    'environments.configure': async ({ environment, baseUrl }) => {
      const problem = baseUrlProblem(baseUrl);
      if (problem) return fail('validation', problem);
      settings = settingsStore.write(
        environment === 'production' ? { productionBaseUrl: baseUrl } : { testBaseUrl: baseUrl },
      );
      connections.forget(environment);
      return ok(await connections.views());
    },
    'environments.test': async ({ environment }) => {
      const started = performance.now();
      const client = await connections.client(environment);
      const tested = await client.testAuthentication();
      if (!tested.ok) return tested;
      return ok({
        environment,
        ...tested.value,
        elapsedMs: Math.round(performance.now() - started),
      });
    },
    'credentials.save': async ({ environment, username, password }) => {
      const saved = await options.keychain.save(environment, { username, password });
      if (!saved.ok) return saved;
      connections.forget(environment);
      return ok(await connections.views());
    },
    'credentials.delete': async ({ environment }) => {
      const removed = await options.keychain.remove(environment);
      if (!removed.ok) return removed;
      connections.forget(environment);
      return ok(await connections.views());
    },
    'history.purge': () => Promise.resolve(ok(purgeOlderThan(db, settings.retentionDays))),
    'lookups.countRecent': ({ externalIds, days }) =>
      Promise.resolve(ok(countRecentlyLookedUp(db, externalIds, days))),
  };

  return ok({
    async call(name, input) {
      if (!Object.hasOwn(operations, name))
        return fail('validation', `There is no operation '${name}'.`);
      const operation = name as OperationName;
      const parsed = operations[operation].input.safeParse(input ?? {});
      if (!parsed.success) {
        const details = parsed.error.issues.map(
          (issue) => `${issue.path.join('.') || 'input'}: ${issue.message}`,
        );
        return fail('validation', `The request to ${operation} is not valid.`, { details });
      }
      try {
        const handler = handlers[operation] as (input: unknown) => Promise<Result<unknown>>;
        return await handler(parsed.data);
      } catch (caught) {
        return fail(
          'internal',
          `${operation} failed unexpectedly: ${caught instanceof Error ? caught.message : String(caught)}`,
        );
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      await connections.close();
      db.close();
    },
  });
}
