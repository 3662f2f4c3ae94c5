import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FuseV1Options } from '@electron/fuses';
import type { Configuration } from 'electron-builder';
import { load } from 'js-yaml';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { expectedFuseWire, findPackagedApp, fuseOff, fuseOn } from './packaged-app';

/**
 * The pure half of tests/electron/packaged.spec.ts, which reads a real packaged build where
 * `npm run dist` could run: which fuse wire it must carry, and where each OS's build is found.
 */
const config = load(readFileSync('electron-builder.yml', 'utf8')) as Configuration;

describe('the fuse wire a packaged binary must carry', () => {
  it('sets every V1 fuse Electron has, as electron-builder.yml says', () => {
    const wire = expectedFuseWire(config.electronFuses as Record<string, boolean>);
    const v1 = Object.values(FuseV1Options).filter((value) => typeof value === 'number');
    expect(Object.keys(wire).map(Number).sort()).toEqual(v1.sort());
    expect(wire[FuseV1Options.RunAsNode]).toBe(fuseOff);
    expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(fuseOff);
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(fuseOn);
  });

  it('refuses a fuse name @electron/fuses does not know', () => {
    expect(() => expectedFuseWire({ runAsnode: false })).toThrow(/runAsnode is not a V1 fuse/);
  });
});

describe('finding the packaged app', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'dcdesk-release-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('says why when there is none', () => {
    expect(findPackagedApp(path.join(root, 'missing'), 'linux')).toEqual({
      reason: expect.stringMatching(/No packaged app under .*npm run dist/) as unknown,
    });
  });

  it('finds each OS’s unpacked build where electron-builder leaves it', () => {
    const linux = path.join(root, 'linux-unpacked');
    mkdirSync(linux, { recursive: true });
    writeFileSync(path.join(linux, 'device-check-desk'), '');
    expect(findPackagedApp(root, 'linux')).toMatchObject({
      executable: path.join(linux, 'device-check-desk'),
      asar: path.join(linux, 'resources', 'app.asar'),
      localeExtension: '.pak',
    });
    const mac = path.join(root, 'mac-arm64', 'Device Check Desk.app', 'Contents');
    mkdirSync(path.join(mac, 'MacOS'), { recursive: true });
    writeFileSync(path.join(mac, 'MacOS', 'Device Check Desk'), '');
    expect(findPackagedApp(root, 'darwin')).toMatchObject({
      asar: path.join(mac, 'Resources', 'app.asar'),
      localeExtension: '.lproj',
    });
    expect(findPackagedApp(root, 'win32')).toHaveProperty('reason');
  });
});
