import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { validateConfiguration } from 'app-builder-lib/out/util/config/config';
import type { Configuration } from 'electron-builder';
import { load } from 'js-yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { globMatches } from './glob';
import { icnsTypes, icoSizes, pngSize } from './icon-formats';

/**
 * electron-builder.yml is checked twice against electron-builder's own schema (directly with ajv,
 * and through the validation electron-builder runs before packaging), then every value that
 * keeps the installed app safe is pinned, so an edit cannot weaken one silently. Packaging
 * itself needs the internet and cannot run here (see docs/security.md).
 */
const root = process.cwd();
const read = (file: string): string => readFileSync(path.join(root, file), 'utf8');
const schema = JSON.parse(read('node_modules/app-builder-lib/scheme.json')) as object;
const packageJson = JSON.parse(read('package.json')) as {
  main: string;
  productName: string;
  scripts: Record<string, string>;
};

function loadConfig(): Configuration {
  // js-yaml is the parser electron-builder itself uses for this file.
  return load(read('electron-builder.yml')) as Configuration;
}

/** electron-builder's validation, as `electron-builder` runs it before packaging. */
async function builderAccepts(config: unknown): Promise<void> {
  await validateConfiguration(config as Configuration, { isEnabled: false } as never);
}

let validate: ValidateFunction;
let config: Configuration;

beforeAll(() => {
  validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
  config = loadConfig();
});

describe('electron-builder.yml against the schema', () => {
  it('is valid for ajv with scheme.json', () => {
    const valid = validate(config);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('passes electron-builder’s own validation', async () => {
    await expect(builderAccepts(loadConfig())).resolves.toBeUndefined();
  });

  it.each<[string, (config: Record<string, unknown>) => void]>([
    ['an unknown top-level key', (c) => (c.asarUnpacked = ['**/*.node'])],
    ['an unknown fuse', (c) => ((c.electronFuses as Record<string, unknown>).runAsnode = false)],
    [
      'a fuse that is not a boolean',
      (c) => ((c.electronFuses as Record<string, unknown>).runAsNode = 'no'),
    ],
    ['an unknown NSIS option', (c) => ((c.nsis as Record<string, unknown>).perUser = true)],
    [
      'a mac target that does not exist',
      (c) => ((c.mac as Record<string, unknown>).target = 'exe'),
    ],
  ])('rejects %s', async (_label, spoil) => {
    const bad = loadConfig() as Record<string, unknown>;
    spoil(bad);
    expect(validate(bad)).toBe(false);
    expect(validate.errors?.length).toBeGreaterThan(0);
    await expect(builderAccepts(bad)).rejects.toThrow(/Invalid configuration object/);
  });
});

describe('the values that keep the installed app safe', () => {
  it('flips every security fuse', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
      loadBrowserProcessSpecificV8Snapshot: false,
    });
  });

  it('packs the app in an asar and unpacks every native module of the installed packages', () => {
    expect(config.asar).toBe(true);
    const unpack = [config.asarUnpack ?? []].flat();
    const natives = [
      ...findFiles('node_modules/better-sqlite3', '.node'),
      ...readdirSync(path.join(root, 'node_modules/@napi-rs'))
        .filter((name) => name.startsWith('keyring'))
        .flatMap((name) => findFiles(`node_modules/@napi-rs/${name}`, '.node')),
      // The other platforms' keyring packages, as they are named on those machines.
      'node_modules/@napi-rs/keyring-win32-x64-msvc/keyring.win32-x64-msvc.node',
      'node_modules/@napi-rs/keyring-darwin-arm64/keyring.darwin-arm64.node',
    ];
    expect(natives.some((file) => file.includes('better_sqlite3.node'))).toBe(true);
    expect(natives.some((file) => file.includes('keyring.linux'))).toBe(true);
    for (const file of natives) expect(globMatches(unpack, file), file).toBe(true);
    expect(globMatches(unpack, 'dist/electron/main.cjs')).toBe(false);
  });

  it('makes a Windows installer that needs no administrator unless per-machine is chosen', () => {
    expect(config.nsis).toMatchObject({
      oneClick: false,
      perMachine: false,
      allowElevation: true,
      allowToChangeInstallationDirectory: true,
      deleteAppDataOnUninstall: false,
    });
    expect(JSON.stringify(config.win?.target)).toContain('nsis');
  });

  it('signs macOS builds with the hardened runtime and allow-jit as the only exception', () => {
    expect(config.mac).toMatchObject({ hardenedRuntime: true, notarize: false });
    expect(JSON.stringify(config.mac?.target)).toContain('dmg');
    const files = [config.mac?.entitlements, config.mac?.entitlementsInherit];
    for (const file of files) {
      expect(file).toBe('resources/entitlements.mac.plist');
      const plist = read(file!);
      const keys = [...plist.matchAll(/<key>([^<]+)<\/key>/g)].map((match) => match[1]);
      expect(keys).toEqual(['com.apple.security.cs.allow-jit']);
      expect(plist).not.toMatch(/<!--(?:(?!-->)[\s\S])*--(?!>)/); // "--" is not allowed in XML comments
    }
  });

  it('builds AppImage and deb packages without placeholder metadata', () => {
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.linux?.category).toBe('Office');
    // The deb's homepage and maintainer come from the release workflow (package-hygiene.test.ts).
    expect(config.linux?.maintainer).toBeUndefined();
    expect(config.extraMetadata).toBeUndefined();
    expect(read('electron-builder.yml') + read('package.json')).not.toMatch(/[@.]\w+\.example\b/);
  });

  it('publishes nothing and leaves file associations off', () => {
    expect(config.publish).toBeNull();
    expect(config.fileAssociations).toBeUndefined();
  });
});

describe('what gets packaged', () => {
  const include = (): string[] => [config.files ?? []].flat() as string[];
  const packaged = (file: string): boolean => {
    const patterns = include();
    const positive = patterns.filter((p) => !p.startsWith('!'));
    const negative = patterns.filter((p) => p.startsWith('!')).map((p) => p.slice(1));
    return globMatches(positive, file) && !globMatches(negative, file);
  };

  it('includes the entry point, the preload and the renderer, and leaves out the CLI and maps', () => {
    expect(packageJson.main).toBe('dist/electron/main.cjs');
    for (const file of [
      'package.json',
      packageJson.main,
      'dist/electron/preload.cjs',
      'dist/renderer/index.html',
      'dist/renderer/assets/index-abc123.js',
    ])
      expect(packaged(file), file).toBe(true);
    for (const file of [
      'dist/cli/dcdesk.mjs',
      'dist/electron/main.cjs.map',
      'electron/main/index.ts',
    ])
      expect(packaged(file), file).toBe(false);
  });

  it('matches the bundles scripts/build.mjs writes and the preload path the main process loads', () => {
    const build = read('scripts/build.mjs');
    expect(build).toContain(`outfile: '${packageJson.main}'`);
    expect(build).toContain("outfile: 'dist/electron/preload.cjs'");
    expect(read('electron/main/index.ts')).toContain("path.join(__dirname, 'preload.cjs')");
  });

  it('ships the first-run sample spreadsheet as an extra resource', () => {
    expect(config.extraResources).toContainEqual({
      from: 'resources/sample',
      to: 'sample',
      filter: ['*.xlsx'],
    });
    const samples = readdirSync(path.join(root, 'resources/sample'));
    expect(samples.filter((name) => name.endsWith('.xlsx')).length).toBeGreaterThan(0);
  });

  it('ships better-sqlite3 built for Electron where the main process loads it, never a rebuilt node_modules', () => {
    // The folder scripts/electron-native.mjs writes, with electron-builder's ${os}-${arch} macros.
    expect(config.extraResources).toContainEqual({
      from: 'native/electron/${os}-${arch}',
      to: 'native',
      filter: ['better_sqlite3.node'],
    });
    expect(read('electron/main/sqlite-binding.ts')).toContain(
      "path.join(input.resourcesPath, 'native', 'better_sqlite3.node')",
    );
    expect(config.npmRebuild).toBe(false);
    // electron-builder adds production node_modules itself; the exclusions in `files` apply to them.
    const excluded = include()
      .filter((pattern) => pattern.startsWith('!'))
      .map((pattern) => pattern.slice(1));
    const nodeBuild = findFiles('node_modules/better-sqlite3', '.node');
    expect(nodeBuild.length).toBeGreaterThan(0);
    for (const file of nodeBuild) expect(globMatches(excluded, file), file).toBe(true);
    expect(globMatches(excluded, 'node_modules/better-sqlite3/lib/database.js')).toBe(false);
  });

  it('names the app as the code does', () => {
    expect(config.productName).toBe(packageJson.productName);
    expect(read('electron/main/index.ts')).toContain(`setAppUserModelId('${config.appId ?? ''}')`);
  });
});

describe('icons in resources/', () => {
  it('has a Windows .ico with sizes from 16 to 256', () => {
    const sizes = icoSizes(readFileSync(path.join(root, config.win?.icon ?? '')));
    expect(sizes).toEqual([16, 24, 32, 48, 64, 128, 256]);
  });

  it('has a macOS .icns with the retina sizes', () => {
    const types = icnsTypes(readFileSync(path.join(root, config.mac?.icon ?? '')));
    expect(types).toEqual(expect.arrayContaining(['ic07', 'ic08', 'ic09', 'ic10', 'ic13', 'ic14']));
  });

  it('has a Linux PNG set named by size, and a 1024 master', () => {
    const dir = path.join(root, config.linux?.icon ?? '');
    for (const size of [16, 32, 48, 64, 128, 256, 512]) {
      expect(pngSize(readFileSync(path.join(dir, `${size}x${size}.png`)))).toEqual([size, size]);
    }
    expect(pngSize(readFileSync(path.join(root, 'resources/icon.png')))).toEqual([1024, 1024]);
  });
});

describe('packaging scripts', () => {
  it('has dist scripts for each OS and never rebuilds natives for Electron on install', () => {
    expect(packageJson.scripts).toMatchObject({
      dist: 'node scripts/dist.mjs',
      'dist:win': 'node scripts/dist.mjs win',
      'dist:mac': 'node scripts/dist.mjs mac',
      'dist:linux': 'node scripts/dist.mjs linux',
    });
    // On this kind of machine install-app-deps as postinstall silently builds for Node (docs/toolchain.md).
    for (const hook of ['preinstall', 'install', 'postinstall', 'prepare'])
      expect(packageJson.scripts[hook] ?? '').not.toContain('install-app-deps');
  });
});

function findFiles(dir: string, extension: string): string[] {
  const found: string[] = [];
  const walk = (relative: string): void => {
    for (const name of readdirSync(path.join(root, relative))) {
      const child = `${relative}/${name}`;
      if (statSync(path.join(root, child)).isDirectory()) walk(child);
      else if (name.endsWith(extension)) found.push(child);
    }
  };
  walk(dir);
  return found;
}
