import { execFileSync } from 'node:child_process';
import startSecretService from '../support/secret-service';
import { electronBinary } from './electron-binary';

/**
 * Builds what the Electron tests launch (main, preload, renderer), checks that better-sqlite3 is
 * built for Electron rather than Node (otherwise the app stops at start-up behind an error dialog
 * and every test would only time out), and starts a private Secret Service on Linux for the
 * journeys' keychain entries. Does nothing where Electron cannot run: the tests skip.
 */
export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  const electron = electronBinary();
  if (!electron.path) {
    // The list reporter shows skips without their reason; the JSON report has it too.
    console.log(`Skipping the Electron tests (smoke and journeys): ${electron.reason}`);
    return undefined;
  }
  execFileSync(process.execPath, ['scripts/build.mjs', 'main', 'preload', 'renderer'], {
    stdio: 'inherit',
  });
  try {
    execFileSync(electron.path, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], {
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
    });
  } catch (caught) {
    const stderr = (caught as { stderr?: string }).stderr ?? '';
    throw new Error(
      'better-sqlite3 is not built for Electron: run `npx electron-builder install-app-deps` first ' +
        '(and `npm rebuild better-sqlite3` before running the Node tests again).\n' +
        stderr.slice(0, 500),
      { cause: caught },
    );
  }
  return startSecretService();
}
