import { execFileSync } from 'node:child_process';
import startSecretService from '../support/secret-service';

/** Builds the renderer the web host serves, and starts a private Secret Service for the keychain. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  execFileSync(process.execPath, ['scripts/build.mjs', 'renderer'], { stdio: 'inherit' });
  return startSecretService();
}
