import { fail, ok } from '../../../shared/result';
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
      // An empty password renames: the saved one is read here, in the core, so it never has to
      // travel to the window and back.
      let secret = password;
      if (secret === '') {
        const current = await keychain.read(environment);
        if (!current.ok) return current;
        if (current.value === null)
          return fail(
            'validation',
            `No password is saved for the ${environment} environment yet: type the password too.`,
          );
        secret = current.value.password;
      }
      const saved = await keychain.save(environment, { username, password: secret });
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
