// The build of better-sqlite3 for Electron, kept apart from Node's: a copy of the package is
// rebuilt against Electron's headers in a staging folder and only its .node file is kept, in
// native/electron/<os>-<arch>/. node_modules/better-sqlite3/build (Node's build, which
// dcdesk, the web host and the tests load) is never an output, so `npm start`, `dcdesk`,
// `npm test` and `npm run dist` can run in any order. The desktop app loads the file with
// better-sqlite3's `nativeBinding` option (electron/main/sqlite-binding.ts); packaging ships it as
// an extra resource (electron-builder.yml). Run directly: `node scripts/electron-native.mjs`.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { electronBuildEnv } from './electron-env.mjs';

export const bindingName = 'better_sqlite3.node';

/**
 * Where the Electron build for one platform and architecture lives, named as electron-builder's
 * `${os}-${arch}` macros name them, so electron-builder.yml picks each package's own.
 */
export function electronNativeDir(root, platform = process.platform, arch = process.arch) {
  const os = { darwin: 'mac', win32: 'win' }[platform] ?? platform;
  return path.join(root, 'native', 'electron', `${os}-${arch === 'arm' ? 'armv7l' : arch}`);
}

/**
 * The architectures electron-builder.yml packages for a target (`win`, `mac`, `linux`): those its
 * targets name, else the host's, as electron-builder itself defaults.
 */
export function targetArches(config, target, hostArch) {
  const targets = [config?.[target]?.target ?? []].flat();
  const arches = targets.flatMap((entry) =>
    entry !== null && typeof entry === 'object' ? [entry.arch ?? []].flat() : [],
  );
  return arches.length > 0 ? [...new Set(arches)] : [hostArch];
}

/** What the kept build was made for; a different one means it must be built again. */
export function wantedBuild({ electronVersion, sqliteVersion, platform, arch }) {
  return { electronVersion, sqliteVersion, platform, arch };
}

/**
 * Whether the Electron build must be made: missing, unreadable record, or made for another
 * Electron, better-sqlite3, platform or architecture. Pure, so it is tested without Electron.
 */
export function rebuildReason(wanted, recorded, bindingExists) {
  if (!bindingExists) return 'missing';
  if (recorded === null) return 'no record of what it was built for';
  for (const key of Object.keys(wanted))
    if (recorded[key] !== wanted[key])
      return `built for ${key} ${String(recorded[key])}, needed ${String(wanted[key])}`;
  return null;
}

function readRecord(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function versionOf(root, name) {
  return JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8'))
    .version;
}

/** @electron/rebuild, loaded only when a build is needed (it is a dependency of electron-builder). */
async function electronRebuild(options) {
  // node-gyp runs in this process's environment: without npm's nodedir (see electron-env.mjs).
  const env = electronBuildEnv();
  for (const name of Object.keys(process.env))
    if (!(name in env)) Reflect.deleteProperty(process.env, name);
  const { rebuild } = await import('@electron/rebuild');
  await rebuild(options);
}

/**
 * Makes native/electron/<os>-<arch>/better_sqlite3.node unless an up-to-date one is there.
 * `rebuild` is @electron/rebuild's function; the staging folder is its only build path.
 * Returns { binding, built, reason }.
 */
export async function ensureElectronSqlite({
  root,
  electronVersion = versionOf(root, 'electron'),
  platform = process.platform,
  arch = process.arch,
  rebuild = electronRebuild,
  log = console.log,
}) {
  const outDir = electronNativeDir(root, platform, arch);
  const binding = path.join(outDir, bindingName);
  const recordFile = path.join(outDir, 'build.json');
  const source = path.join(root, 'node_modules', 'better-sqlite3');
  const sqliteVersion = versionOf(root, 'better-sqlite3');
  const wanted = wantedBuild({ electronVersion, sqliteVersion, platform, arch });
  const reason = rebuildReason(wanted, readRecord(recordFile), existsSync(binding));
  if (reason === null) return { binding, built: false, reason: null };

  log(`Building better-sqlite3 ${sqliteVersion} for Electron ${electronVersion} (${reason}).`);
  const staging = path.join(root, 'native', `.staging-${platform}-${arch}`);
  rmSync(staging, { recursive: true, force: true });
  const module = path.join(staging, 'node_modules', 'better-sqlite3');
  // A copy, never links: the rebuild writes into it, and node_modules may be shared.
  cpSync(source, module, {
    recursive: true,
    filter: (file) => path.relative(source, file).split(path.sep)[0] !== 'build',
  });
  writeFileSync(
    path.join(staging, 'package.json'),
    JSON.stringify({
      name: 'electron-native-staging',
      private: true,
      dependencies: { 'better-sqlite3': sqliteVersion },
    }),
  );
  try {
    await rebuild({
      buildPath: staging,
      electronVersion,
      platform,
      arch,
      onlyModules: ['better-sqlite3'],
      force: true,
      mode: 'sequential',
    });
    const made = path.join(module, 'build', 'Release', bindingName);
    if (!existsSync(made)) throw new Error(`the rebuild did not produce ${made}`);
    mkdirSync(outDir, { recursive: true });
    cpSync(made, binding);
    writeFileSync(recordFile, `${JSON.stringify(wanted, null, 2)}\n`);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return { binding, built: true, reason };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const made = await ensureElectronSqlite({ root: process.cwd(), arch: process.argv[2] });
  console.log(`${made.built ? 'Built' : 'Up to date'}: ${made.binding}`);
}
