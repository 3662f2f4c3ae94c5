import { nodeFetch } from '../../../electron/core/service/node-fetch';
import path from 'node:path';
import { createCore, type Core } from '../../../electron/core/create-core';
import type { ExportTargets } from '../../../electron/core/results-export/export-target';
import type { CredentialStore } from '../../../electron/core/credentials/keychain';
import type { FetchFn } from '../../../electron/core/service/client';
import { startSandbox } from '../../../electron/sandbox';
import { repositoryWriterThread } from '../../../electron/core/bulk/thread-row-writer';
import { repositoryTaskThread } from '../../../electron/core/tasks/thread-tasks';

/** Which app the journeys drive: the web host in Chromium, or the Electron app. */
export type HostName = 'web' | 'electron';

/** The journeys' host, from DCDESK_E2E_HOST (playwright.electron.config.ts sets `electron`). */
export const hostName: HostName = process.env.DCDESK_E2E_HOST === 'electron' ? 'electron' : 'web';

/** A saved download: the part of Playwright's `Download` the journeys read, in both hosts. */
export interface SavedDownload {
  suggestedFilename(): string;
  path(): Promise<string>;
}

/**
 * What a journey may ask of the app besides its screens. Every member works in both hosts except
 * `responses`, which only the web host can observe (see below).
 */
export interface App {
  host: HostName;
  /**
   * Calls an operation of the contract: in the web host on the core itself, in Electron through
   * the preload's `window.deviceCheck`, the door the renderer uses. Never throws.
   */
  call(name: string, input: unknown): Promise<Awaited<ReturnType<Core['call']>>>;
  /** The keychain entry the app uses, opened by the test process under the same service name. */
  keychain: CredentialStore;
  dataDir: string;
  /**
   * Every body the web host sent to the page, to prove what never crossed. Null in Electron: the
   * page receives IPC replies, which no process outside the app can observe without reaching
   * into Electron's private IPC tables, so assertions over them are web-host-only.
   */
  responses: string[] | null;
  /**
   * Test-only: the origins (`http://127.0.0.1:PORT`) the core's service clients sent requests
   * to, in the order first seen. The core starts its embedded sandbox on a free port and does not
   * tell anyone where; in the sandbox environment this list is that address, so a test can ask
   * the sandbox's control endpoints (`GET /__sandbox/uploads`) what it received. The web host
   * records them in the `fetch` it hands the core; Electron in the session's webRequest events,
   * which `net.fetch` triggers.
   */
  serviceOrigins(): Promise<string[]>;
  /** Clicks through `trigger` and waits for the file it saves (Electron: without a save dialog). */
  download(trigger: () => Promise<void>): Promise<SavedDownload>;
  /**
   * Quits the app (closing the core as quitting does) and starts it again on the same data folder
   * and keychain, with the page showing the new app: the app closed and reopened.
   */
  restart(): Promise<void>;
}

/** The real core on a data folder, as the app and the web host start it. */
export async function startCore(
  dataDir: string,
  keychain: CredentialStore,
  fetch: FetchFn = nodeFetch(),
  exportTargets?: ExportTargets,
): Promise<Core> {
  const created = await createCore({
    startSandbox,
    dataDir,
    fetch,
    keychain,
    version: '0.0.0-e2e',
    locale: 'en-US',
    platform: process.platform,
    resourcesDir: path.resolve('resources'),
    writerThread: repositoryWriterThread(),
    taskThread: repositoryTaskThread(),
    ...(exportTargets ? { exportTargets } : {}),
  });
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

/** A new keychain service name per test, so no test touches a real entry or another's. */
export function keychainServiceName(workerIndex: number): string {
  return `Device Check Desk e2e ${String(workerIndex)}-${String(Date.now())}`;
}
