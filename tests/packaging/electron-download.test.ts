import { describe, expect, it } from 'vitest';
import {
  distDownloads,
  distPreflight,
  failureReason,
  startWithoutElectron,
} from '../../scripts/electron-download.mjs';

// What Electron 45's first-use download prints on a machine without a network (node_modules/electron
// install.js, through its index.js), as `npm start`'s probe captures it.
const offlineStderr = [
  'TypeError: fetch failed',
  '    at node:internal/deps/undici/undici:13510:13',
  '    at async download (/app/node_modules/@electron/get/dist/index.js:12:5) {',
  '  [cause]: Error: getaddrinfo ENOTFOUND github.com',
  '      at GetAddrInfoReqWrap.onlookupall [as oncomplete] (node:dns:120:26) {',
  "    code: 'ENOTFOUND',",
  '  }',
  '}',
  '/app/node_modules/electron/index.js:13',
  '    throw new Error(',
  '    ^',
  '',
  'Error: Electron failed to install correctly. Please delete `node_modules/electron` and run "npx install-electron --no" manually.',
  '    at downloadElectron (/app/node_modules/electron/index.js:13:11)',
  '',
  'Node.js v22.12.0',
].join('\n');

describe('npm start without Electron', () => {
  it('says the binary is downloaded on first use and could not be, with the whole reason and the fixes', () => {
    const said = startWithoutElectron(offlineStderr, '45.4.1');
    expect(said.webHost).toBe(true);
    expect(said.download).toBe(true);
    expect(said.message).toContain(
      'The Electron 45.4.1 binary is downloaded on first use, and the download failed:',
    );
    // The cause (the host that could not be found) is quoted, not only the first line.
    expect(said.message).toContain('TypeError: fetch failed');
    expect(said.message).toContain('getaddrinfo ENOTFOUND github.com');
    expect(said.message).toContain('Electron failed to install correctly');
    expect(said.message).not.toMatch(/^\s+at /m);
    expect(said.message).not.toContain('Node.js v22');
    for (const fix of ['internet', 'HTTPS_PROXY', 'ELECTRON_MIRROR'])
      expect(said.message).toContain(fix);
    expect(said.message.split('\n').at(-1)).toBe(
      'Starting the app in the web host instead: open the address below in a browser.',
    );
  });

  it('does not blame the network for a failure that is not a download', () => {
    const said = startWithoutElectron('Error: EACCES: permission denied, open path.txt', '45.4.1');
    expect(said.download).toBe(false);
    expect(said.message).toContain('Electron 45.4.1 could not be started:');
    expect(said.message).toContain('EACCES: permission denied');
    expect(said.message).not.toContain('ELECTRON_MIRROR');
    expect(said.webHost).toBe(true);
  });
});

describe('npm run dist preflight', () => {
  it('goes on when both downloads can be had', () => {
    expect(distPreflight([], '45.4.1').go).toBe(true);
  });

  it('stops before building, quoting every failure whole, its cause included', () => {
    const cause = Object.assign(new Error('connect ETIMEDOUT 140.82.121.3:443'), {
      code: 'ETIMEDOUT',
    });
    const decided = distPreflight(
      [{ what: "Electron's headers", failure: new TypeError('fetch failed', { cause }) }],
      '45.4.1',
    );
    expect(decided.go).toBe(false);
    expect(decided.message).toContain(
      "Electron's headers could not be downloaded:\n  fetch failed\n  connect ETIMEDOUT 140.82.121.3:443 (ETIMEDOUT)",
    );
    expect(decided.message).toContain('Nothing was built.');
    expect(decided.message).toContain('ELECTRON_MIRROR');
  });

  it('asks ELECTRON_MIRROR for Electron when it is set, and electronjs.org for the headers', () => {
    const [electron, headers] = distDownloads('45.4.1', { ELECTRON_MIRROR: 'https://m.example/e' });
    expect(electron?.url).toBe('https://m.example/e/v45.4.1/SHASUMS256.txt');
    expect(headers?.url).toBe(
      'https://www.electronjs.org/headers/v45.4.1/node-v45.4.1-headers.tar.gz',
    );
    expect(distDownloads('45.4.1', {})[0]?.url).toBe(
      'https://github.com/electron/electron/releases/download/v45.4.1/SHASUMS256.txt',
    );
  });

  it('keeps every line of a multi-line reason, once', () => {
    expect(failureReason('a\n  at x (y:1)\nb\na\n')).toBe('a\nb');
  });
});
