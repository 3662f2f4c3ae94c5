import path from 'node:path';
import type { Engine } from '../core/store/engine';

/**
 * The better-sqlite3 module the desktop app loads: the one built for Electron, never the package's
 * own build (that one is Node's, for dcdesk and the tests). Packaged, electron-builder.yml ships it
 * in resources/native; in development `npm start` builds it in native/electron/<os>-<arch>
 * (scripts/electron-native.mjs names the folder the same way). A missing or wrong file is not
 * looked for here: loading it fails, and the core reports that with the remedy below.
 */
export function sqliteEngine(input: {
  packaged: boolean;
  /** `process.resourcesPath` */
  resourcesPath: string;
  /** `app.getAppPath()`: the repository in development. */
  appPath: string;
  platform: NodeJS.Platform;
  arch: string;
}): Engine {
  if (input.packaged)
    return {
      nativeBinding: path.join(input.resourcesPath, 'native', 'better_sqlite3.node'),
      remedy:
        'Reinstall Device Check Desk: this installation lacks its SQLite module or has one made for another version.',
    };
  const os = { darwin: 'mac', win32: 'win' }[input.platform as string] ?? input.platform;
  const arch = input.arch === 'arm' ? 'armv7l' : input.arch;
  const folder = path.join('native', 'electron', `${os}-${arch}`);
  return {
    nativeBinding: path.join(input.appPath, folder, 'better_sqlite3.node'),
    remedy: `Run \`npm start\` again: it builds ${folder}/better_sqlite3.node for this Electron (the first build needs the internet, for Electron's headers). \`node scripts/electron-native.mjs\` builds it alone.`,
  };
}
