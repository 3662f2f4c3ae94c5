import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script, without type declarations.
import { electronNativeDir } from '../../scripts/electron-native.mjs';
import { openHistory } from '../core/store/db';
import { sqliteEngine } from './sqlite-binding';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const nativeDir = electronNativeDir as (root: string, platform: string, arch: string) => string;

describe('sqliteEngine', () => {
  it.each([
    ['linux', 'x64'],
    ['darwin', 'arm64'],
    ['win32', 'x64'],
    ['linux', 'arm'],
  ] as const)('in development loads what npm start builds for %s %s', (platform, arch) => {
    const engine = sqliteEngine({
      packaged: false,
      resourcesPath: '/unused',
      appPath: '/repo',
      platform,
      arch,
    });
    expect(engine.nativeBinding).toBe(
      path.join(nativeDir('/repo', platform, arch), 'better_sqlite3.node'),
    );
    expect(engine.nativeBinding).not.toContain('node_modules');
  });

  it('packaged, loads the copy in resources/native, as electron-builder.yml ships it', () => {
    const engine = sqliteEngine({
      packaged: true,
      resourcesPath: '/opt/Device Check Desk/resources',
      appPath: '/opt/Device Check Desk/resources/app.asar',
      platform: 'linux',
      arch: 'x64',
    });
    expect(engine.nativeBinding).toBe(
      '/opt/Device Check Desk/resources/native/better_sqlite3.node',
    );
    expect(engine.remedy).toMatch(/^Reinstall Device Check Desk/);
  });

  it('when the Electron build was never made, the app stops with the fix and no history is created', async () => {
    const appPath = mkdtempSync(path.join(tmpdir(), 'dcdesk-app-'));
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dcdesk-data-'));
    dirs.push(appPath, dataDir);
    const engine = sqliteEngine({
      packaged: false,
      resourcesPath: '',
      appPath,
      platform: 'linux',
      arch: 'x64',
    });
    const opened = await openHistory(dataDir, { engine });
    expect(opened).toMatchObject({ ok: false, error: { code: 'db_engine' } });
    if (opened.ok) return;
    expect(opened.error.message).toContain('Run `npm start` again');
    expect(opened.error.message).toContain('native/electron/linux-x64/better_sqlite3.node');
  });
});
