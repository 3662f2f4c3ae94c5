import { baseUrlProblem } from '../../../shared/environment';
import { fail, ok } from '../../../shared/result';
import type { CoreContext, HandlerGroup } from '../context';

type Names =
  'environments.list' | 'environments.activate' | 'environments.configure' | 'environments.test';

/** The environments: which one is active, where each one is, and whether its credentials work. */
export function environmentHandlers(
  context: Pick<CoreContext, 'connections' | 'updateSettings'>,
): HandlerGroup<Names> {
  const { connections } = context;
  return {
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
  };
}
