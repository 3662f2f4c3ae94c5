import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationNames } from '../../shared/contract/names';
import { createCore, type Core } from '../core/create-core';
import { createKeychainStore } from '../core/credentials/keychain';
import { appUrl, isAppUrl } from './app-origin';
import { dispatch, senderProblem, type Sender } from './ipc-guard';
import { startSandbox } from '../sandbox';

const app: Sender = { url: appUrl, isMainFrame: true, fromAppWindow: true };

describe('isAppUrl', () => {
  it.each([appUrl, 'app://desk/', 'app://desk/index.html#/history?x=1'])('accepts %s', (url) => {
    expect(isAppUrl(url)).toBe(true);
  });

  it.each([
    'file:///etc/passwd',
    'app://other/index.html',
    'app://desk:8080/index.html',
    'app://user@desk/index.html',
    'https://desk/index.html',
    'http://127.0.0.1:5173/',
    'about:blank',
    'data:text/html,<p>hi</p>',
    'not a url',
    '',
  ])('refuses %s', (url) => {
    expect(isAppUrl(url)).toBe(false);
  });
});

describe('senderProblem', () => {
  it('accepts the main frame of the app window showing the app', () => {
    expect(senderProblem(app)).toBeNull();
  });

  it.each<[string, Sender | null]>([
    ['a frame that is gone', null],
    ['another web contents', { ...app, fromAppWindow: false }],
    ['an iframe', { ...app, isMainFrame: false }],
    ['a foreign page', { ...app, url: 'https://example.com/' }],
    ['a local file', { ...app, url: 'file:///tmp/evil.html' }],
  ])('refuses %s', (_label, sender) => {
    expect(senderProblem(sender)).toEqual(expect.any(String));
  });
});

describe('dispatch through the real core', () => {
  let dataDir: string;
  let core: Core;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'dcdesk-ipc-'));
    const created = await createCore({
      dataDir,
      fetch: globalThis.fetch,
      keychain: createKeychainStore({
        service: `Device Check Desk ipc test ${String(Date.now())}`,
      }),
      startSandbox,
      version: '1.2.3',
      locale: 'pt-BR',
      platform: 'linux',
    });
    if (!created.ok) throw new Error(created.error.message);
    core = created.value;
  });

  afterAll(async () => {
    await core.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs an operation for the app page', async () => {
    const result = await dispatch(core, 'app.info', () => app, {});
    expect(result).toMatchObject({ ok: true, value: { version: '1.2.3', locale: 'pt-BR' } });
  });

  it.each(operationNames)(
    'refuses %s from a foreign page before the core runs it',
    async (name) => {
      let called = false;
      const spy = { call: () => ((called = true), core.call(name, {})) };
      const result = await dispatch(spy, name, () => ({ ...app, url: 'https://example.com/' }), {});
      expect(result).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      expect(called).toBe(false);
    },
  );

  it('refuses calls from an iframe and from a frame that is gone', async () => {
    const fromFrame = await dispatch(
      core,
      'settings.get',
      () => ({ ...app, isMainFrame: false }),
      {},
    );
    const gone = await dispatch(core, 'settings.get', () => null, {});
    expect(fromFrame).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(gone).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it.each<[string, string, unknown]>([
    ['an extra field', 'app.info', { extra: true }],
    ['a string for an object', 'settings.update', 'retentionDays=1'],
    ['a wrong type', 'lookups.countRecent', { requests: ['A1'], days: 7 }],
    ['an out-of-range number', 'lookups.countRecent', { requests: '', days: 0 }],
    ['an unknown environment', 'environments.activate', { environment: 'staging' }],
    ['an empty password', 'credentials.save', { environment: 'test', username: 'u', password: '' }],
    ['an unknown operation', 'shell.openExternal', { url: 'https://example.com' }],
  ])('refuses %s with validation', async (_label, name, payload) => {
    const result = await dispatch(core, name, () => app, payload);
    expect(result).toMatchObject({ ok: false, error: { code: 'validation' } });
  });

  it('turns a throwing sender lookup or core into an internal error instead of a rejection', async () => {
    const throwingSender = await dispatch(
      core,
      'app.info',
      () => {
        throw new Error('Object has been destroyed');
      },
      {},
    );
    const throwingCore = await dispatch(
      { call: () => Promise.reject(new Error('boom')) },
      'app.info',
      () => app,
      {},
    );
    expect(throwingSender).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(throwingCore).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(throwingCore.ok ? '' : throwingCore.error.message).toContain('boom');
  });
});
