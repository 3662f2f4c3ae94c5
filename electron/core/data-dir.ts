import { homedir } from 'node:os';
import path from 'node:path';

export const productName = 'Device Check Desk';

/**
 * The folder Electron's `app.getPath('userData')` gives this app, computed without Electron, so
 * the command line and the desktop app share one history by default.
 */
export function defaultDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  if (platform === 'win32')
    return path.join(env.APPDATA ?? path.join(homedir(), 'AppData', 'Roaming'), productName);
  if (platform === 'darwin')
    return path.join(homedir(), 'Library', 'Application Support', productName);
  return path.join(env.XDG_CONFIG_HOME ?? path.join(homedir(), '.config'), productName);
}
