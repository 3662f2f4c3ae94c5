import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { FuseV1Options } from '@electron/fuses';

/** Where electron-builder leaves an unpacked build of this OS, and what the checks read in it. */
export interface PackagedApp {
  executable: string;
  asar: string;
  /** Chromium's locale files: `locales/*.pak` (Windows, Linux) or `*.lproj` folders (macOS). */
  localesDir: string;
  localeExtension: '.pak' | '.lproj';
}

/**
 * The packaged app under `releaseDir` (electron-builder's `directories.output`), or null with the
 * reason. DCDESK_PACKAGED_APP names the executable when it lives elsewhere.
 */
export function findPackagedApp(
  releaseDir: string,
  platform: NodeJS.Platform = process.platform,
  productName = 'Device Check Desk',
  executableName = 'device-check-desk',
): PackagedApp | { reason: string } {
  const named = process.env.DCDESK_PACKAGED_APP;
  const candidates: PackagedApp[] = [];
  const folders = existsSync(releaseDir) ? readdirSync(releaseDir) : [];
  for (const folder of folders) {
    const dir = path.join(releaseDir, folder);
    if (platform === 'darwin' && folder.startsWith('mac')) {
      const contents = path.join(dir, `${productName}.app`, 'Contents');
      candidates.push({
        executable: path.join(contents, 'MacOS', productName),
        asar: path.join(contents, 'Resources', 'app.asar'),
        localesDir: path.join(contents, 'Resources'),
        localeExtension: '.lproj',
      });
    } else if (
      platform !== 'darwin' &&
      folder === `${platform === 'win32' ? 'win' : 'linux'}-unpacked`
    ) {
      candidates.push({
        executable: path.join(dir, platform === 'win32' ? `${productName}.exe` : executableName),
        asar: path.join(dir, 'resources', 'app.asar'),
        localesDir: path.join(dir, 'locales'),
        localeExtension: '.pak',
      });
    }
  }
  const found = candidates.find((app) =>
    named ? path.resolve(app.executable) === path.resolve(named) : existsSync(app.executable),
  );
  if (found && existsSync(found.executable)) return found;
  return {
    reason: named
      ? `DCDESK_PACKAGED_APP names ${named}, which is not an unpacked build under ${releaseDir}.`
      : `No packaged app under ${releaseDir}: run \`npm run dist\` first (it needs the internet).`,
  };
}

/**
 * The bytes `getCurrentFuseWire` answers per fuse: ASCII '1' and '0' (@electron/fuses' FuseState,
 * which its package entry does not export).
 */
export const fuseOn = 0x31;
export const fuseOff = 0x30;

/** electron-builder.yml's `electronFuses` keys, as @electron/fuses numbers them. */
const fuseIndex: Record<string, FuseV1Options> = {
  runAsNode: FuseV1Options.RunAsNode,
  enableCookieEncryption: FuseV1Options.EnableCookieEncryption,
  enableNodeOptionsEnvironmentVariable: FuseV1Options.EnableNodeOptionsEnvironmentVariable,
  enableNodeCliInspectArguments: FuseV1Options.EnableNodeCliInspectArguments,
  enableEmbeddedAsarIntegrityValidation: FuseV1Options.EnableEmbeddedAsarIntegrityValidation,
  onlyLoadAppFromAsar: FuseV1Options.OnlyLoadAppFromAsar,
  loadBrowserProcessSpecificV8Snapshot: FuseV1Options.LoadBrowserProcessSpecificV8Snapshot,
  grantFileProtocolExtraPrivileges: FuseV1Options.GrantFileProtocolExtraPrivileges,
};

/**
 * The fuse wire a packaged binary must carry, from electron-builder.yml's `electronFuses`, keyed
 * as `getCurrentFuseWire` answers. Throws on a key @electron/fuses does not know.
 */
export function expectedFuseWire(fuses: Record<string, boolean>): Record<number, number> {
  const wire: Record<number, number> = {};
  for (const [name, on] of Object.entries(fuses)) {
    const index = fuseIndex[name];
    if (index === undefined) throw new Error(`electronFuses.${name} is not a V1 fuse.`);
    wire[index] = on ? fuseOn : fuseOff;
  }
  return wire;
}
