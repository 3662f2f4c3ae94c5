import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { load } from 'js-yaml';
import { afterEach, describe, expect, it } from 'vitest';
import {
  electronNativeDir,
  ensureElectronSqlite,
  rebuildReason,
  targetArches,
  // @ts-expect-error: a plain .mjs build script, without type declarations.
} from '../../scripts/electron-native.mjs';

/**
 * The Electron build of better-sqlite3 is made apart from Node's. Electron and its headers cannot
 * be downloaded here, so @electron/rebuild is replaced by a function that does what it does to a
 * module (writes build/Release/better_sqlite3.node under the build path it is given); everything
 * around it (staging, copying, recording, deciding) is the real script.
 */
interface RebuildOptions {
  buildPath: string;
  electronVersion: string;
  arch: string;
  onlyModules: string[];
}
type Ensure = (options: {
  root: string;
  electronVersion?: string;
  arch?: string;
  rebuild: (options: RebuildOptions) => Promise<void>;
  log?: (line: string) => void;
}) => Promise<{ binding: string; built: boolean; reason: string | null }>;
const ensure = ensureElectronSqlite as Ensure;

const repo = process.cwd();
const nodeBuild = path.join(repo, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node');
const fingerprint = (file: string) => ({
  sha256: createHash('sha256').update(readFileSync(file)).digest('hex'),
  mtimeMs: statSync(file).mtimeMs,
});

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A project folder whose node_modules is this repository's, as `npm start` sees it. */
function project(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'dcdesk-native-'));
  roots.push(root);
  symlinkSync(path.join(repo, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return root;
}

/** What @electron/rebuild does to the module under `buildPath`, recorded. */
function recordingRebuild(calls: RebuildOptions[]) {
  return async (options: RebuildOptions) => {
    calls.push(options);
    const module = path.join(options.buildPath, 'node_modules', 'better-sqlite3');
    // It starts from sources only: no build of Node's to overwrite, and the native sources there.
    expect(existsSync(path.join(module, 'build'))).toBe(false);
    expect(existsSync(path.join(module, 'binding.gyp'))).toBe(true);
    mkdirSync(path.join(module, 'build', 'Release'), { recursive: true });
    writeFileSync(
      path.join(module, 'build', 'Release', 'better_sqlite3.node'),
      `electron ${options.electronVersion} ${options.arch}`,
    );
    await Promise.resolve();
  };
}

describe('building better-sqlite3 for Electron', () => {
  it('writes native/electron/<os>-<arch> from a staging copy and never touches the Node build', async () => {
    const before = fingerprint(nodeBuild);
    const root = project();
    const calls: RebuildOptions[] = [];

    const made = await ensure({
      root,
      electronVersion: '45.4.1',
      arch: 'x64',
      rebuild: recordingRebuild(calls),
      log: () => undefined,
    });

    expect(made).toMatchObject({ built: true, reason: 'missing' });
    expect(made.binding).toBe(
      path.join(
        root,
        'native',
        'electron',
        `${process.platform === 'darwin' ? 'mac' : process.platform === 'win32' ? 'win' : process.platform}-x64`,
        'better_sqlite3.node',
      ),
    );
    expect(readFileSync(made.binding, 'utf8')).toBe('electron 45.4.1 x64');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.onlyModules).toEqual(['better-sqlite3']);
    expect(path.relative(path.join(root, 'node_modules'), calls[0]?.buildPath ?? '')).toMatch(
      /^\.\./,
    );
    expect(readdirSync(path.join(root, 'native'))).toEqual(['electron']);
    expect(fingerprint(nodeBuild)).toEqual(before);
  });

  it('builds again only for another Electron or architecture', async () => {
    const root = project();
    const calls: RebuildOptions[] = [];
    const run = (electronVersion: string, arch: string) =>
      ensure({
        root,
        electronVersion,
        arch,
        rebuild: recordingRebuild(calls),
        log: () => undefined,
      });

    await run('45.4.1', 'x64');
    expect(await run('45.4.1', 'x64')).toMatchObject({ built: false, reason: null });
    expect(await run('45.5.0', 'x64')).toMatchObject({
      built: true,
      reason: 'built for electronVersion 45.4.1, needed 45.5.0',
    });
    expect(await run('45.5.0', 'arm64')).toMatchObject({ built: true, reason: 'missing' });
    expect(calls.map((call) => `${call.electronVersion} ${call.arch}`)).toEqual([
      '45.4.1 x64',
      '45.5.0 x64',
      '45.5.0 arm64',
    ]);
  });

  it('when the rebuild fails (offline), keeps nothing half-made and leaves the Node build', async () => {
    const before = fingerprint(nodeBuild);
    const root = project();
    const offline = () => Promise.reject(new Error('getaddrinfo ENOTFOUND www.electronjs.org'));

    await expect(
      ensure({
        root,
        electronVersion: '45.4.1',
        arch: 'x64',
        rebuild: offline,
        log: () => undefined,
      }),
    ).rejects.toThrow(/ENOTFOUND/);
    expect(readdirSync(path.join(root, 'native'))).toEqual([]);
    expect(fingerprint(nodeBuild)).toEqual(before);
  });
});

describe('deciding', () => {
  const wanted = {
    electronVersion: '45.4.1',
    sqliteVersion: '12.11.1',
    platform: 'linux',
    arch: 'x64',
  };

  it('builds when the file or its record is missing or names another build', () => {
    const reason = rebuildReason as (w: object, r: object | null, exists: boolean) => string | null;
    expect(reason(wanted, wanted, false)).toBe('missing');
    expect(reason(wanted, null, true)).toBe('no record of what it was built for');
    expect(reason(wanted, { ...wanted, sqliteVersion: '12.10.0' }, true)).toBe(
      'built for sqliteVersion 12.10.0, needed 12.11.1',
    );
    expect(reason(wanted, wanted, true)).toBeNull();
  });

  it("packages each architecture electron-builder.yml names, else the host's", () => {
    const config = load(readFileSync(path.join(repo, 'electron-builder.yml'), 'utf8'));
    const arches = targetArches as (config: unknown, target: string, host: string) => string[];
    expect(arches(config, 'mac', 'x64')).toEqual(['arm64', 'x64']);
    expect(arches(config, 'win', 'arm64')).toEqual(['x64']);
    expect(arches(config, 'linux', 'arm64')).toEqual(['arm64']);
  });

  it('names folders as electron-builder expands ${os}-${arch}', () => {
    const dir = electronNativeDir as (root: string, platform: string, arch: string) => string;
    expect(dir('/r', 'darwin', 'arm64')).toBe(path.join('/r/native/electron/mac-arm64'));
    expect(dir('/r', 'win32', 'x64')).toBe(path.join('/r/native/electron/win-x64'));
    expect(dir('/r', 'linux', 'arm')).toBe(path.join('/r/native/electron/linux-armv7l'));
  });
});

describe('npm start and npm run dist', () => {
  it('never rebuild node_modules for Electron', () => {
    for (const script of ['scripts/start.mjs', 'scripts/dist.mjs']) {
      const source = readFileSync(path.join(repo, script), 'utf8');
      expect(source, script).not.toMatch(/install-app-deps|\['rebuild'|electron-rebuild/);
      expect(source, script).toContain('ensureElectronSqlite');
    }
  });
});
