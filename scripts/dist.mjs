// `npm run dist` builds the installers of this OS; `npm run dist:win | dist:mac | dist:linux` picks
// one. Steps: build the bundles, build better-sqlite3 for Electron for each architecture packaged
// (into native/electron/<os>-<arch>, scripts/electron-native.mjs: node_modules is never rebuilt,
// so `npm test` and the CLI keep their Node build throughout), then package with
// electron-builder.yml, which ships that file as resources/native/better_sqlite3.node. Packaging
// downloads Electron, its headers and prebuilt native modules: without the internet it stops and
// says so.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { load } from 'js-yaml';
import { distDownloads, distPreflight, networkFailure } from './electron-download.mjs';
import { electronBuildEnv } from './electron-env.mjs';
import { ensureElectronSqlite, targetArches } from './electron-native.mjs';

const windows = process.platform === 'win32';
const npm = windows ? 'npm.cmd' : 'npm';
const hostTarget = { win32: 'win', darwin: 'mac', linux: 'linux' }[process.platform];
const target = process.argv[2] ?? hostTarget;

function fail(message) {
  console.error(`\ndist: ${message}`);
  process.exitCode = 1;
}

/**
 * Runs one step with its output shown as it comes, and kept (the tail) to tell a network failure
 * from another. Resolves with the exit code; never rejects.
 */
function step(label, command, args, options = {}) {
  console.log(`\ndist: ${label}: ${[command, ...args].join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['inherit', 'pipe', 'pipe'], ...options });
    let tail = '';
    const keep = (chunk, stream) => {
      stream.write(chunk);
      tail = (tail + chunk.toString()).slice(-64_000);
    };
    child.stdout.on('data', (chunk) => keep(chunk, process.stdout));
    child.stderr.on('data', (chunk) => keep(chunk, process.stderr));
    child.on('error', (error) => resolve({ code: 1, tail: String(error) }));
    child.on('close', (code) => resolve({ code: code ?? 1, tail }));
  });
}

/** Runs electron-builder with Node directly, not through npx, and without npm's `nodedir`. */
function builder(label, args) {
  const env = electronBuildEnv();
  return step(label, process.execPath, ['node_modules/electron-builder/cli.js', ...args], { env });
}

/** The line of output that shows a download failed, or null. */
function offline(tail) {
  return (
    tail
      .split('\n')
      .find((line) => networkFailure.test(line))
      ?.trim() ?? null
  );
}

function explainFailure(what, result) {
  const line = offline(result.tail);
  if (line) {
    fail(
      `${what} needs the internet: electron-builder downloads Electron, its headers and prebuilt ` +
        `native modules (from GitHub and electronjs.org), and this machine could not reach them:\n` +
        `  ${line}\n` +
        'Nothing was packaged. Run the packaging on a machine with internet access (or behind a ' +
        'proxy set in HTTPS_PROXY, with ELECTRON_MIRROR for a local mirror).',
    );
  } else fail(`${what} failed (exit code ${String(result.code)}); see the output above.`);
}

/**
 * Asks, before building anything, for what packaging downloads (Electron and its headers), so an
 * offline machine is told at once and with the whole reason; false when one cannot be had.
 */
async function downloadsReachable() {
  // Node's fetch ignores HTTPS_PROXY, which the downloads themselves honour: behind a proxy this
  // check would fail where packaging works, so it is left to the downloads.
  const proxy = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'].some(
    (name) => process.env[name],
  );
  if (proxy) return true;
  const version = JSON.parse(readFileSync('node_modules/electron/package.json', 'utf8')).version;
  const failures = [];
  for (const { what, url } of distDownloads(version)) {
    try {
      const answer = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(20_000) });
      if (!answer.ok)
        failures.push({
          what,
          failure: `${url} answered ${String(answer.status)} ${answer.statusText}`,
        });
    } catch (error) {
      failures.push({ what, failure: error });
    }
  }
  const decided = distPreflight(failures, version);
  if (!decided.go) fail(decided.message);
  return decided.go;
}

/** Which notarization credentials the environment holds: all of one set, none, or a broken set. */
function notarization() {
  const sets = [
    ['APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID'],
    ['APPLE_API_KEY', 'APPLE_API_KEY_ID', 'APPLE_API_ISSUER'],
    ['APPLE_KEYCHAIN_PROFILE'],
  ];
  for (const names of sets) {
    const present = names.filter((name) => process.env[name]);
    if (present.length === names.length) return { notarize: true };
    if (present.length > 0) return { missing: names.filter((name) => !process.env[name]), present };
  }
  return { notarize: false };
}

/** Builds better-sqlite3 for Electron for each architecture of the target; false when one failed. */
async function electronSqlite() {
  const config = load(readFileSync('electron-builder.yml', 'utf8'));
  for (const arch of targetArches(config, target, process.arch)) {
    console.log(`\ndist: better-sqlite3 for Electron, ${target} ${arch}`);
    try {
      await ensureElectronSqlite({ root: process.cwd(), arch });
    } catch (error) {
      explainFailure('Building better-sqlite3 for Electron', {
        code: 1,
        tail: String(error?.stack ?? error),
      });
      return false;
    }
  }
  return true;
}

async function main() {
  if (!['win', 'mac', 'linux'].includes(target ?? '')) {
    fail(`unknown target '${String(target)}': use win, mac or linux.`);
    return;
  }
  if (target === 'mac' && process.platform !== 'darwin') {
    fail('macOS installers are built, signed and notarized on macOS only.');
    return;
  }
  if (target === 'win' && process.platform !== 'win32')
    console.warn(
      'dist: building the Windows installer elsewhere needs Wine and cannot sign it; ' +
        'release installers are built on Windows.',
    );
  const config = [];
  if (target === 'mac') {
    const apple = notarization();
    if (apple.missing) {
      fail(
        `notarization needs ${apple.missing.join(', ')} as well as ${apple.present.join(', ')}.`,
      );
      return;
    }
    if (apple.notarize) config.push('--config.mac.notarize=true');
    console.log(`dist: notarization ${apple.notarize ? 'on' : 'off (no Apple credentials set)'}.`);
  }

  if (!(await downloadsReachable())) return;
  // Node refuses to spawn .cmd files without a shell (CVE-2024-27980), hence shell on Windows.
  const build = await step('building the bundles', npm, ['run', '--silent', 'build'], {
    shell: windows,
  });
  if (build.code !== 0) return explainFailure('The build', build);
  if (!(await electronSqlite())) return;
  const packaged = await builder(`packaging for ${target}`, [
    `--${target}`,
    '--publish',
    'never',
    ...config,
  ]);
  if (packaged.code !== 0) return explainFailure('Packaging', packaged);
  const made = existsSync('release')
    ? readdirSync('release').filter((name) => /\.(exe|dmg|AppImage|deb)$/.test(name))
    : [];
  console.log(`\ndist: installers in release/: ${made.join(', ') || '(none found)'}`);
}

await main();
