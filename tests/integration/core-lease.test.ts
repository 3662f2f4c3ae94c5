import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchSummary } from '../../shared/contract/results';
import { createCore } from '../../electron/core/create-core';
import { createKeychainStore } from '../../electron/core/credentials/keychain';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { binPath } from '../support/cli';
import { tempDir, writeTransactionsCsv } from '../support/files';

const rows = 1500;
let sandbox: SandboxHandle;
const work = tempDir('dcdesk-core-lease-');
beforeAll(async () => {
  sandbox = await startSandbox({ latencyMs: 5 });
  writeTransactionsCsv(work.file('input.csv'), rows);
});
afterAll(async () => {
  await sandbox.close();
  work.remove();
});

describe('the app and dcdesk share one runner per batch', () => {
  it('an app opened while dcdesk runs a batch leaves it running, and refuses to run it too', async () => {
    const child = spawn(
      process.execPath,
      [
        binPath,
        'bulk',
        work.file('input.csv'),
        '--output',
        work.file('out.json'),
        '--data-dir',
        work.dir,
        '--base-url',
        sandbox.url,
        '--concurrency',
        '4',
      ],
      { env: { PATH: process.env.PATH }, stdio: 'ignore' },
    );
    const exited = once(child, 'exit');
    while (sandbox.counters().insights < 100) {
      if (child.exitCode !== null) throw new Error(`dcdesk ended with ${String(child.exitCode)}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const db = new Database(path.join(work.dir, 'history.sqlite3'), { readonly: true });
    const id = db.prepare('SELECT id FROM batches').pluck().get() as string;
    db.close();

    const core = await createCore({
      startSandbox,
      dataDir: work.dir,
      fetch: globalThis.fetch,
      keychain: createKeychainStore({ service: `dcdesk core-lease ${String(process.pid)}` }),
      version: 'test',
      locale: 'en-US',
      platform: process.platform,
    });
    if (!core.ok) throw new Error(core.error.message);
    try {
      // Opening the app did not pause dcdesk's batch as interrupted.
      const listed = await core.value.call('batches.list', {});
      expect(listed).toMatchObject({ ok: true, value: [{ id, state: 'running', live: false }] });
      for (const operation of ['batches.resume', 'batches.retryFailed']) {
        const refused = await core.value.call(operation, { batchId: id });
        expect(refused).toMatchObject({ ok: false, error: { code: 'busy' } });
      }
      const [code] = (await exited) as [number | null];
      expect(code).toBe(0);
      const done = await core.value.call('batches.get', { batchId: id });
      expect(done.ok && (done.value as BatchSummary).state).toBe('finished');
      const sent = Object.values(sandbox.counters().perExternalId);
      expect(sent).toHaveLength(rows);
      expect(sent.every((times) => times === 1)).toBe(true);
    } finally {
      await core.value.close();
    }
  }, 120_000);
});
