import { randomUUID } from 'node:crypto';
import { createCore, type Core, type CoreOptions } from '../../electron/core/create-core';
import { createKeychainStore } from '../../electron/core/credentials/keychain';
import { startSandbox } from '../../electron/sandbox';

/**
 * The app's core over the history in `dataDir`, as the tests that call it through `core.call`
 * make it: Node's fetch, the embedded sandbox, and the real Secret Service of
 * tests/support/secret-service.ts under a name of this run's own. `options` adds or replaces.
 */
export async function testCore(dataDir: string, options: Partial<CoreOptions> = {}): Promise<Core> {
  const created = await createCore({
    dataDir,
    fetch: globalThis.fetch,
    keychain: createKeychainStore({ service: `Device Check Desk tests ${randomUUID()}` }),
    startSandbox,
    version: '0.0.0-test',
    locale: 'en-GB',
    platform: process.platform,
    ...options,
  });
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}
