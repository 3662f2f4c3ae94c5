import path from 'node:path';
import { createKeychainStore } from '../core/credentials/keychain';
import { createCore } from '../core/create-core';
import { defaultDataDir } from '../core/data-dir';
import { downloadFiles } from '../core/results-export/download-files';
import { unavailableCore } from '../core/unavailable-core';
import { startWebHost } from './server';
import { startSandbox } from '../sandbox';
import { repositoryWriterThread } from '../core/bulk/thread-row-writer';
import { repositoryTaskThread } from '../core/tasks/thread-tasks';
import { nodeFetch } from '../core/service/node-fetch';

/**
 * `npm run dev:web`: the real core and the built renderer on 127.0.0.1, for UI work and tests.
 * DCDESK_DATA_DIR chooses the data folder, PORT the port, DCDESK_KEYCHAIN_SERVICE the keychain entry.
 */
const dataDir = process.env.DCDESK_DATA_DIR ?? defaultDataDir();
const downloads = downloadFiles();
const core = await createCore({
  dataDir,
  fetch: nodeFetch(),
  keychain: createKeychainStore({ service: process.env.DCDESK_KEYCHAIN_SERVICE || undefined }),
  startSandbox,
  version: process.env.npm_package_version ?? '0.0.0',
  locale: process.env.DCDESK_LOCALE ?? Intl.DateTimeFormat().resolvedOptions().locale,
  platform: process.platform,
  // Run from the repository, like rendererDir below.
  resourcesDir: path.resolve('resources'),
  exportTargets: downloads.targets,
  writerThread: repositoryWriterThread(),
  taskThread: repositoryTaskThread(),
});
// A core that cannot start still serves the page, which then shows why (a fatal state, never an
// empty history); the reason is printed here too.
if (!core.ok) console.error(`Device Check Desk could not start: ${core.error.message}`);
const served = core.ok ? core.value : unavailableCore(core.error);
const host = await startWebHost({
  core: served,
  rendererDir: 'dist/renderer',
  port: Number(process.env.PORT ?? 0),
  downloads,
});
console.log(`Device Check Desk (web host, data in ${dataDir}) — open:`);
console.log(host.url);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void host
      .close()
      .then(() => served.close())
      .finally(() => downloads.close());
  });
}
