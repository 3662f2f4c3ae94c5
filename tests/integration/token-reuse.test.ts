/**
 * A new token only after the current one expired (spec 5.3, 8): the app's "Test connection" and a
 * change of a setting that is not about who signs in where keep the token the core holds. Through
 * the core, as the window calls it, against the embedded sandbox over HTTP, counting its sign-ins.
 */
import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/core/create-core';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import type { ConnectionTest } from '../../shared/contract/views';
import type { Result } from '../../shared/result';
import { tempDir } from '../support/files';
import { testCore } from '../support/test-core';

const work = tempDir('dcdesk-token-reuse-');
let sandbox: SandboxHandle;
let core: Core;

async function call<T>(name: string, input: unknown): Promise<T> {
  const result = (await core.call(name, input)) as Result<T>;
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

const testConnection = () => call<ConnectionTest>('environments.test', { environment: 'sandbox' });

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
  work.remove();
});
// A core of its own for each test, so none starts with another's token.
beforeEach(async (context) => {
  sandbox.configure({ tokenTtlSeconds: 3600, expiryField: 'expiresInSeconds' });
  sandbox.resetCounters();
  // The core's embedded sandbox is this one, so its sign-ins can be counted; the test closes it.
  core = await testCore(mkdtempSync(path.join(work.dir, 'core-')), {
    startSandbox: () => Promise.resolve({ url: sandbox.url, close: () => Promise.resolve() }),
  });
  context.onTestFinished(() => core.close());
});

describe('the token the core holds', () => {
  it('is reported by Test connection while valid, not replaced by a new sign-in', async () => {
    const first = await testConnection();
    expect(first).toMatchObject({ signedIn: true, expirySource: 'answer' });
    const second = await testConnection();
    expect(second).toMatchObject({ signedIn: false, expiresAt: first.expiresAt });
    expect(sandbox.counters().authentications).toBe(1);
  });

  it('is kept when the timeout or the token lifetime changes', async () => {
    await testConnection();
    sandbox.resetCounters();
    await call('settings.update', { timeoutMs: 12_000 });
    await call('settings.update', { tokenLifetimeMinutes: 10 });
    expect(await testConnection()).toMatchObject({ signedIn: false });
    expect(sandbox.counters().authentications).toBe(0);
  });

  it('is replaced by a new sign-in once it has expired', async () => {
    sandbox.configure({ tokenTtlSeconds: 1 });
    expect(await testConnection()).toMatchObject({ signedIn: true });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await testConnection()).toMatchObject({ signedIn: true });
    expect(sandbox.counters().authentications).toBe(2);
  });
});
