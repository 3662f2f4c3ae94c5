// The app's core started over the data folder given, as the window starts it: prints, as one JSON
// line, whether it started and what `batches.list` and `app.info` answered, then closes it.
import { randomUUID } from 'node:crypto';
import { createCore } from '../../electron/core/create-core';
import { createKeychainStore } from '../../electron/core/credentials/keychain';
import { startSandbox } from '../../electron/sandbox';

const created = await createCore({
  dataDir: process.argv[2] ?? '',
  fetch: globalThis.fetch,
  keychain: createKeychainStore({ service: `Device Check Desk tests ${randomUUID()}` }),
  startSandbox,
  version: '0.0.0-test',
  locale: 'en-GB',
  platform: process.platform,
});
if (!created.ok) {
  process.stdout.write(`${JSON.stringify({ core: created.error })}\n`);
  process.exit(0);
}
const core = created.value;
const list = await core.call('batches.list', {});
const info = await core.call('app.info', {});
process.stdout.write(
  `${JSON.stringify({
    core: 'started',
    batches: list.ok ? (list.value as unknown[]).length : list.error,
    notices: info.ok ? (info.value as { notices: string[] }).notices : info.error,
  })}\n`,
);
await core.close();
