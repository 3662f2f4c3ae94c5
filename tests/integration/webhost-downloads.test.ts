import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/create-core';
import { createKeychainStore } from '../../electron/core/credentials/keychain';
import {
  downloadFiles,
  type DownloadFiles,
} from '../../electron/core/results-export/download-files';
import { startSandbox } from '../../electron/sandbox';
import { startWebHost, type WebHost } from '../../electron/webhost/server';
import type { BatchSummary, SavedExport } from '../../shared/contract/results';
import { readSpreadsheet } from '../../shared/spreadsheet';
import { sampleTransaction } from '../support/transactions';

/**
 * A results export reaches the page as a one-time download: streamed by the core into a private
 * folder, fetched once from `/exports/TOKEN`, then gone (issue 13: exports streamed, not carried
 * through IPC as base64).
 */
let dir: string;
let core: Core;
let host: WebHost;
let downloads: DownloadFiles;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-downloads-'));
  downloads = downloadFiles();
  const created = await createCore({
    dataDir: dir,
    fetch: globalThis.fetch,
    keychain: createKeychainStore({ service: `dcdesk downloads ${String(process.pid)}` }),
    startSandbox,
    version: 'test',
    locale: 'en-US',
    platform: process.platform,
    exportTargets: downloads.targets,
  });
  if (!created.ok) throw new Error(created.error.message);
  core = created.value;
  host = await startWebHost({ core, rendererDir: 'dist/renderer', downloads });
});
afterAll(async () => {
  await host.close();
  await core.close();
  downloads.close();
  rmSync(dir, { recursive: true, force: true });
});

async function call<T>(name: string, input: unknown): Promise<T> {
  const result = await core.call(name, input);
  if (!result.ok) throw new Error(result.error.message);
  return result.value as T;
}

function get(url: string, hostHeader?: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const target = new URL(url, host.origin);
      const req = request(target, { headers: hostHeader ? { host: hostHeader } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

async function finishedBatch(): Promise<string> {
  const rows = Array.from({ length: 5 }, (_, index) => {
    const { externalID, sessionID } = sampleTransaction(900 + index);
    return { row: index + 2, raw: { externalID, sessionID }, notes: [] };
  });
  const batch = await call<BatchSummary>('batches.create', {
    sourceName: 'março.csv',
    sourceSha256: 'd'.repeat(64),
    rows,
  });
  for (let tries = 0; tries < 600; tries += 1) {
    if ((await call<BatchSummary>('batches.get', { batchId: batch.id })).state === 'finished')
      return batch.id;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('The batch did not finish.');
}

describe('results exports as downloads', () => {
  it('are fetched once, named for the analyst, then removed', async () => {
    const batchId = await finishedBatch();
    const saved = await call<SavedExport>('results.export', { batchId, filter: {}, format: 'csv' });
    expect(saved).toMatchObject({ outcome: 'download', fileName: 'março-results.csv', rows: 5 });
    if (saved.outcome !== 'download') return;
    expect(saved.url).toMatch(/^\/exports\/[\w-]{24}$/);
    const file = pathOfTemporary(saved.url);
    expect(existsSync(file)).toBe(true);

    // Another host name (a DNS-rebinding page) gets nothing, and does not use the download up.
    expect((await get(saved.url, 'evil.example:80')).status).toBe(404);
    const first = await get(saved.url);
    expect(first.status).toBe(200);
    expect(first.headers['content-disposition']).toBe(
      `attachment; filename="mar_o-results.csv"; filename*=UTF-8''mar%C3%A7o-results.csv`,
    );
    expect([...first.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(first.body.toString('utf8').trim().split('\r\n')).toHaveLength(6);
    expect((await get(saved.url)).status).toBe(404);
    await expect.poll(() => existsSync(file)).toBe(false);
  });

  it('streams xlsx too, read back by the import', async () => {
    const batchId = await finishedBatch();
    const saved = await call<SavedExport>('results.export', {
      batchId,
      filter: {},
      format: 'xlsx',
    });
    if (saved.outcome !== 'download') throw new Error(saved.outcome);
    const fetched = await get(saved.url);
    expect(fetched.headers['content-type']).toMatch(/spreadsheetml/);
    const read = readSpreadsheet(new Uint8Array(fetched.body), saved.fileName);
    expect(read.ok && read.value.rows.length).toBe(6);
  });

  it('leaves no file behind when the app closes before the page fetched it', async () => {
    const own = downloadFiles();
    const target = await own.targets('pedidos-results.csv', 'csv');
    if (target.kind !== 'download') throw new Error(target.kind);
    writeFileSync(target.path, 'externalID\r\n');
    own.close();
    expect(existsSync(target.path)).toBe(false);
    expect(own.take(target.url)).toBeNull();
  });
});

/** Where the core wrote a download (the token names the file in the private folder). */
function pathOfTemporary(url: string): string {
  const token = url.slice('/exports/'.length);
  const folders = readdirSync(tmpdir()).filter((name) => name.startsWith('dcdesk-exports-'));
  for (const folder of folders)
    for (const name of readdirSync(path.join(tmpdir(), folder)))
      if (name.startsWith(token)) return path.join(tmpdir(), folder, name);
  return path.join(tmpdir(), 'dcdesk-exports-none', token);
}
