/**
 * A new token only after the current one expired (spec 5.3, 8): the app's "Test connection" and a
 * change of a setting that is not about who signs in where keep the token the core holds. Through
 * the core, as the window calls it, against the embedded sandbox over HTTP, counting its sign-ins.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/core/create-core';
import {
  createKeychainStore,
  type CredentialStore,
} from '../../electron/core/credentials/keychain';
import { credentialsSource } from '../../electron/core/credentials/source';
import { createServiceClient } from '../../electron/core/service/client';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import type { ConnectionTest } from '../../shared/contract/views';
import type { Result } from '../../shared/result';
import { tempDir } from '../support/files';
import { testCore } from '../support/test-core';
import { sampleTransaction } from '../support/transactions';

const work = tempDir('dcdesk-token-reuse-');
let sandbox: SandboxHandle;
let core: Core;
// The core's keychain service, and a second store on it: another process (`dcdesk credentials …`)
// changing the same OS keychain entry behind the core's back.
let keychainService: string;
let otherProcess: CredentialStore;

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
  keychainService = `Device Check Desk tests ${randomUUID()}`;
  otherProcess = createKeychainStore({ service: keychainService });
  core = await testCore(mkdtempSync(path.join(work.dir, 'core-')), {
    startSandbox: () => Promise.resolve({ url: sandbox.url, close: () => Promise.resolve() }),
    keychain: createKeychainStore({ service: keychainService }),
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

describe('the token held for an environment whose credentials another process changed', () => {
  const right = { username: 'ana', password: 'right-password' };

  async function signedInToTest(): Promise<void> {
    sandbox.configure({ credentials: right });
    await call('environments.configure', { environment: 'test', baseUrl: sandbox.url });
    await call('credentials.save', { environment: 'test', ...right });
    expect(await call<ConnectionTest>('environments.test', { environment: 'test' })).toMatchObject({
      signedIn: true,
    });
    sandbox.resetCounters();
  }

  const testTest = () =>
    core.call('environments.test', { environment: 'test' }) as Promise<Result<ConnectionTest>>;

  it('is not reported by Test connection after a wrong password was saved: it signs in again', async () => {
    await signedInToTest();
    expect((await otherProcess.save('test', { ...right, password: 'wrong-password' })).ok).toBe(
      true,
    );
    const tested = await testTest();
    expect(tested).toMatchObject({ ok: false, error: { code: 'auth_failed' } });
    expect(sandbox.counters()).toMatchObject({
      authenticationRequests: 1,
      failedAuthentications: 1,
    });
    expect(JSON.stringify(tested)).not.toMatch(/wrong-password|right-password/);
  });

  it('is not reported by Test connection after the credentials were deleted', async () => {
    await signedInToTest();
    expect((await otherProcess.remove('test')).ok).toBe(true);
    const tested = await testTest();
    expect(tested).toMatchObject({ ok: false, error: { code: 'config' } });
    if (!tested.ok) expect(tested.error.message).toMatch(/No credentials are saved/);
    expect(sandbox.counters().authenticationRequests).toBe(0);
  });

  it('is still reported when the same credentials are saved again', async () => {
    await signedInToTest();
    expect((await otherProcess.save('test', { ...right })).ok).toBe(true);
    expect(await testTest()).toMatchObject({ ok: true, value: { signedIn: false } });
    expect(sandbox.counters().authenticationRequests).toBe(0);
  });
});

describe('requests with a token obtained with credentials no longer saved', () => {
  // The token is still valid at the service until it expires: requests go on with it (a new one
  // may be asked for only then, spec 5.3), and never read the keychain, which could wait on an
  // unlock prompt. Test connection and the next sign-in use the saved credentials.
  it('go on with the token held, reading no keychain, until it expires', async () => {
    const right = { username: 'ana', password: 'right-password' };
    sandbox.configure({ credentials: null });
    expect((await otherProcess.save('test', right)).ok).toBe(true);
    let reads = 0;
    const source = credentialsSource({
      environment: 'test',
      store: createKeychainStore({ service: keychainService }),
    });
    const client = createServiceClient({
      fetch: globalThis.fetch,
      endpoint: { baseUrl: sandbox.url, pathStyle: 'test' },
      credentials: () => {
        reads += 1;
        return source();
      },
    });
    expect((await client.insights(sampleTransaction(1))).ok).toBe(true);
    expect((await otherProcess.remove('test')).ok).toBe(true);
    expect((await client.insights(sampleTransaction(2))).ok).toBe(true);
    expect(sandbox.counters().authentications).toBe(1);
    expect(reads).toBe(1);
  });
});
