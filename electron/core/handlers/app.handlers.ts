import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { baseUrlProblem } from '../../../shared/environment';
import { fail, ok } from '../../../shared/result';
import { countRecentlyLookedUp } from '../bulk/reuse';
import type { CoreContext, HandlerGroup } from '../context';

type Names =
  | 'app.info'
  | 'app.sample'
  | 'settings.get'
  | 'settings.update'
  | 'environments.list'
  | 'environments.activate'
  | 'environments.configure'
  | 'environments.test'
  | 'credentials.save'
  | 'credentials.delete'
  | 'lookups.countRecent';

/** The sample spreadsheet inside the resources folder; built by scripts/make-sample.ts. */
export const sampleFile = path.join('sample', 'sample-transactions.xlsx');

/**
 * The app, its settings, environments and credentials. `resourcesDir` holds what ships beside the
 * code (the sample spreadsheet); by default `resources/` of the working folder, which is the
 * repository in development and tests.
 */
export function appHandlers(
  context: CoreContext,
  resourcesDir = path.resolve('resources'),
): HandlerGroup<Names> {
  const { connections, keychain, db } = context;
  return {
    'app.info': () => Promise.resolve(ok(context.info)),
    'app.sample': async () => {
      const file = path.join(resourcesDir, sampleFile);
      try {
        const bytes = await readFile(file);
        return ok({
          fileName: path.basename(file),
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          base64: bytes.toString('base64'),
        });
      } catch {
        return fail('file', `The sample spreadsheet cannot be read at ${file}; reinstall the app.`);
      }
    },
    'settings.get': () => Promise.resolve(ok(context.settings())),
    'settings.update': (patch) => {
      for (const key of ['productionBaseUrl', 'testBaseUrl'] as const) {
        const url = patch[key];
        const problem = url === undefined ? null : baseUrlProblem(url);
        if (problem) return Promise.resolve(fail('validation', problem));
      }
      return Promise.resolve(ok(context.updateSettings(patch)));
    },
    'environments.list': async () => ok(await connections.views()),
    'environments.activate': async ({ environment }) => {
      context.updateSettings({ activeEnvironment: environment });
      return ok(await connections.views());
    },
    'environments.configure': async ({ environment, baseUrl }) => {
      const problem = baseUrlProblem(baseUrl);
      if (problem) return fail('validation', problem);
      context.updateSettings(
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
      const saved = await keychain.save(environment, { username, password });
      if (!saved.ok) return saved;
      connections.forget(environment);
      return ok(await connections.views());
    },
    'credentials.delete': async ({ environment }) => {
      const removed = await keychain.remove(environment);
      if (!removed.ok) return removed;
      connections.forget(environment);
      return ok(await connections.views());
    },
    'lookups.countRecent': ({ externalIds, days }) =>
      Promise.resolve(ok(countRecentlyLookedUp(db, externalIds, days))),
  };
}
