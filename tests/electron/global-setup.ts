import { execFileSync } from 'node:child_process';
import path from 'node:path';
import startSecretService from '../support/secret-service';
import { electronBinary } from './electron-binary';

/**
 * Builds what the Electron tests launch (main, preload, renderer) and better-sqlite3 for Electron
 * (native/electron/<os>-<arch>, apart from the Node build the other tests use), then checks that
 * Electron loads that module (otherwise the app stops at start-up behind an error dialog and every
 * test would only time out), and starts a private Secret Service on Linux for the journeys'
 * keychain entries. Does nothing where Electron cannot run: the tests skip.
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
  execFileSync(process.execPath, ['scripts/electron-native.mjs'], { stdio: 'inherit' });
  const os = { darwin: 'mac', win32: 'win' }[process.platform as string] ?? process.platform;
  const binding = path.resolve(
    'native',
    'electron',
    `${os}-${process.arch}`,
    'better_sqlite3.node',
  );
  try {
    execFileSync(
      electron.path,
      [
        '-e',
        `new (require('better-sqlite3'))(':memory:', { nativeBinding: ${JSON.stringify(binding)} }).close()`,
      ],
      {
        env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
        encoding: 'utf8',
      },
    );
  } catch (caught) {
    const stderr = (caught as { stderr?: string }).stderr ?? '';
    throw new Error(
      `Electron cannot load ${binding}: delete native/electron and run \`node scripts/electron-native.mjs\`.\n` +
        stderr.slice(0, 500),
      { cause: caught },
    );
  }
  return startSecretService();
}
