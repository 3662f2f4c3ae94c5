import { builtinModules } from 'node:module';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { alias, external } from '../../scripts/bundle-options.mjs';
import type { Configuration } from 'electron-builder';
import { load } from 'js-yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { globMatches } from './glob';

/**
 * What ends up inside app.asar besides our bundles: electron-builder copies every runtime
 * `dependencies` entry with its files. A package esbuild already bundled into main.cjs would be
 * there twice (xlsx, jszip and zod were: about 17 MB), and a native module brings its C sources
 * and build leftovers unless the `files` patterns leave them out.
 */
const root = process.cwd();
const read = (file: string): string => readFileSync(path.join(root, file), 'utf8');
const packageJson = JSON.parse(read('package.json')) as {
  dependencies: Record<string, string>;
  desktopName?: string;
};
const config = load(read('electron-builder.yml')) as Configuration;
const runtime = Object.keys(packageJson.dependencies);

/** What scripts/build.mjs leaves for `require` at run time (scripts/bundle-options.mjs). */
function buildExternals(): string[] {
  return [...external];
}

/** A package with native code: a binding.gyp, or a prebuilt .node in it or its platform packages. */
function isNative(name: string): boolean {
  const dir = path.join(root, 'node_modules', name);
  if (existsSync(path.join(dir, 'binding.gyp'))) return true;
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    optionalDependencies?: Record<string, string>;
  };
  return Object.keys(manifest.optionalDependencies ?? {}).some((platformPackage) => {
    const platformDir = path.join(root, 'node_modules', platformPackage);
    return (
      existsSync(platformDir) && readdirSync(platformDir).some((file) => file.endsWith('.node'))
    );
  });
}

function walk(relative: string): string[] {
  return readdirSync(path.join(root, relative)).flatMap((name) => {
    const child = `${relative}/${name}`;
    return statSync(path.join(root, child)).isDirectory() ? walk(child) : [child];
  });
}

describe('runtime dependencies', () => {
  let bundledPackages: Set<string>;
  let externalImports: Set<string>;

  beforeAll(async () => {
    // The Electron bundles as scripts/build.mjs makes them, kept in memory for their metafile.
    const result = await build({
      entryPoints: ['electron/main/index.ts', 'electron/preload/index.ts'],
      outdir: 'out-unused',
      bundle: true,
      platform: 'node',
      format: 'cjs',
      external: buildExternals(),
      alias,
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const packageOf = (file: string): string | null => {
      const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file);
      return match ? match[1]! : null;
    };
    bundledPackages = new Set(
      Object.keys(result.metafile.inputs).flatMap((file) => packageOf(file) ?? []),
    );
    externalImports = new Set(
      Object.values(result.metafile.outputs).flatMap((output) =>
        output.imports.filter((item) => item.external).map((item) => item.path),
      ),
    );
  });

  it('are all native, and left out of the bundles so electron-builder copies them once', () => {
    expect(runtime.sort()).toEqual(['@napi-rs/keyring', 'better-sqlite3']);
    const externals = buildExternals();
    for (const name of runtime) {
      expect(isNative(name), `${name} is native`).toBe(true);
      expect(externals, `${name} is external in scripts/build.mjs`).toContain(name);
      expect(bundledPackages.has(name), `${name} is not bundled`).toBe(false);
    }
  });

  it('include everything the bundles still require at run time, besides Node and Electron', () => {
    // Proves the move to devDependencies: xlsx, jszip and zod are inside main.cjs.
    for (const name of ['xlsx', 'jszip', 'zod']) expect(bundledPackages.has(name), name).toBe(true);
    const builtins = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);
    const unresolved = [...externalImports].filter(
      (name) => !builtins.has(name) && name !== 'electron',
    );
    expect(unresolved.sort()).toEqual([...runtime].sort());
  });
});

describe('native modules in the package', () => {
  const excluded = ([config.files ?? []].flat() as string[])
    .filter((pattern) => pattern.startsWith('!'))
    .map((pattern) => pattern.slice(1));
  const kept = (file: string): boolean => !globMatches(excluded, file);
  const nativeFiles = (): string[] => [
    ...walk('node_modules/better-sqlite3'),
    ...readdirSync(path.join(root, 'node_modules/@napi-rs'))
      .filter((name) => name.startsWith('keyring'))
      .flatMap((name) => walk(`node_modules/@napi-rs/${name}`)),
  ];

  it('leave their C/C++ sources and build leftovers out, and keep what they load', () => {
    const files = nativeFiles();
    const shipped = files.filter(kept);
    expect(shipped.filter((file) => /\.(c|cpp|h|hpp|gyp|gypi|a|mk)$/.test(file))).toEqual([]);
    expect(shipped.filter((file) => /\/(deps|src|obj|obj\.target|\.deps)\//.test(file))).toEqual(
      [],
    );
    const binaries = shipped.filter((file) => file.endsWith('.node'));
    // better-sqlite3's own build is Node's: the app loads the one built for Electron, shipped as
    // an extra resource (resources/native/better_sqlite3.node), never this one.
    expect(binaries.filter((file) => file.startsWith('node_modules/better-sqlite3/'))).toEqual([]);
    expect(config.extraResources).toContainEqual({
      from: 'native/electron/${os}-${arch}',
      to: 'native',
      filter: ['better_sqlite3.node'],
    });
    expect(binaries.some((file) => /keyring\.[\w-]+\.node$/.test(file))).toBe(true);
    expect(binaries.filter((file) => file.includes('test_extension'))).toEqual([]);
    for (const file of [
      'node_modules/better-sqlite3/package.json',
      'node_modules/better-sqlite3/lib/database.js',
      'node_modules/@napi-rs/keyring/index.js',
    ])
      expect(kept(file), file).toBe(true);
    const bytes = (list: string[]) =>
      list.reduce((sum, file) => sum + statSync(path.join(root, file)).size, 0);
    // Measured here: 37 MB on disk after a source build; shipped from node_modules, only the
    // keyring's binary and the JavaScript (the Electron build of SQLite comes apart, above).
    expect(files.some((file) => file.endsWith('/sqlite3.c'))).toBe(true);
    expect(bytes(shipped)).toBeLessThan(6_500_000);
  });
});

describe('what the installed app carries', () => {
  it('keeps Chromium’s English and Portuguese locales only', () => {
    expect(config.electronLanguages).toEqual(['en', 'pt']);
  });

  it('gives the Linux launcher the window class Electron uses, and keywords in both languages', () => {
    expect(packageJson.desktopName).toBe(`${config.linux?.executableName ?? ''}.desktop`);
    expect(config.linux?.syncDesktopName).toBe(true);
    const entry = (config.linux?.desktop as { entry: Partial<Record<string, string>> }).entry;
    expect(entry.StartupWMClass).toBe(packageJson.desktopName?.replace(/\.desktop$/, ''));
    expect(entry.Keywords).toMatch(/^([^;]+;)+$/);
    expect((entry.Keywords ?? '').split(';')).toEqual(expect.arrayContaining(['fraud', 'fraude']));
  });
});
