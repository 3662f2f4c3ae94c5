import { ok } from '../../../shared/result';
import type { CoreContext, HandlerGroup } from '../context';

type Names = 'credentials.save' | 'credentials.delete';

/**
 * The credentials of an environment, kept in the OS keychain. A change drops the environment's
 * client, so the next call signs in with what is stored now.
 */
export function credentialHandlers(
  context: Pick<CoreContext, 'connections' | 'keychain'>,
): HandlerGroup<Names> {
  const { connections, keychain } = context;
  return {
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
  };
}
