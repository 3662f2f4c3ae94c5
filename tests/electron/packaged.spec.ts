import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { listPackage } from '@electron/asar';
import { getCurrentFuseWire } from '@electron/fuses';
import { expect, test } from '@playwright/test';
import type { Configuration } from 'electron-builder';
import { load } from 'js-yaml';
import { expectedFuseWire, findPackagedApp } from '../packaging/packaged-app';

/**
 * The packaged build itself, as `npm run dist` left it in release/: what electron-builder.yml
 * promises is read back from the binary and its app.asar. Skips, with the reason, where nothing
 * was packaged (packaging needs the internet).
 */
const config = load(readFileSync('electron-builder.yml', 'utf8')) as Configuration;
const found = findPackagedApp(config.directories?.output ?? 'release');
test.skip('reason' in found, 'reason' in found ? found.reason : '');
const packaged = 'reason' in found ? null : found;

test('the binary carries every fuse electron-builder.yml sets', async () => {
  const wire = (await getCurrentFuseWire(packaged!.executable)) as unknown as Record<
    string,
    number
  >;
  const expected = expectedFuseWire(config.electronFuses as Record<string, boolean>);
  const read = Object.fromEntries(Object.keys(expected).map((index) => [index, wire[index]]));
  expect(read).toEqual(expected);
});

test('app.asar holds the bundles, and the native modules once, without their sources', () => {
  const files = listPackage(packaged!.asar, { isPack: false }).map((file) =>
    file.replace(/\\/g, '/').replace(/^\//, ''),
  );
  expect(files).toEqual(
    expect.arrayContaining([
      'dist/electron/main.cjs',
      'dist/electron/preload.cjs',
      'dist/renderer/index.html',
    ]),
  );
  // Bundled into main.cjs, so never copied beside it (package-hygiene.test.ts).
  for (const name of ['xlsx', 'jszip', 'zod'])
    expect(files.filter((file) => file.startsWith(`node_modules/${name}/`))).toEqual([]);
  expect(files).toContain('node_modules/better-sqlite3/lib/database.js');
  expect(files.filter((file) => /\.(c|cpp|h|gyp)$|\/(src|deps)\//.test(file))).toEqual([]);
  expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
});

test('keeps Chromium’s English and Portuguese locales only', () => {
  const locales = readdirSync(packaged!.localesDir)
    .filter((name) => name.endsWith(packaged!.localeExtension))
    .map((name) => path.basename(name, packaged!.localeExtension).toLowerCase());
  expect(locales.length).toBeGreaterThan(0);
  expect(locales.filter((name) => !/^(en|pt)([-_]|$)/.test(name))).toEqual([]);
});

test('refuses to start with a debugging switch', async () => {
  // Windows and macOS show the refusal in a native dialog, which would wait for a click.
  test.skip(process.platform !== 'linux', 'The refusal is a native dialog on this OS.');
  test.skip(
    !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY,
    'No display: run under xvfb-run.',
  );
  const child = spawn(
    packaged!.executable,
    [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), '--remote-debugging-port=0'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  expect(code).toBe(1);
  expect(stderr).toContain('--remote-debugging-port');
});
