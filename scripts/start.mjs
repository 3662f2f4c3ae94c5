// `npm start`: build, then launch the desktop app. better-sqlite3 is built for Electron first, into
// native/electron/ (scripts/electron-native.mjs) and never over node_modules/better-sqlite3/build,
// which stays Node's for dcdesk and the tests; the build is skipped while it is up to date.
// @napi-rs/keyring is N-API and needs no rebuild. Where no Electron binary can be had, such as a
// machine without internet access, say so and start the same app in the web host instead: the
// real core and the built renderer on 127.0.0.1, opened in any browser.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { failureReason, startWithoutElectron } from './electron-download.mjs';
import { ensureElectronSqlite } from './electron-native.mjs';

const electronVersion = () =>
  JSON.parse(readFileSync('node_modules/electron/package.json', 'utf8')).version;

const windows = process.platform === 'win32';
const npm = windows ? 'npm.cmd' : 'npm';

function run(command, args) {
  // Node refuses to spawn .cmd files without a shell (CVE-2024-27980), hence shell on Windows.
  const result = spawnSync(command, args, { stdio: 'inherit', shell: windows });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * Runs the app as a child and ends with it. On POSIX the child gets its own process group, so a
 * Ctrl-C reaches it once, from here, and it can close its history cleanly; a second copy of the
 * signal (from the terminal and from npm) would kill it mid-close.
 */
function launch(command, args) {
  const child = spawn(command, args, { stdio: 'inherit', detached: !windows });
  let forwarded = false;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (forwarded) return;
      forwarded = true;
      child.kill(signal);
    });
  }
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

/**
 * The path of the Electron binary, downloading it on first use; otherwise the failure's whole
 * output, for startWithoutElectron to explain.
 */
function electronBinary() {
  try {
    const path = execFileSync(
      process.execPath,
      ['-e', "process.stdout.write('\\n' + require('electron'))"],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        encoding: 'utf8',
      },
    );
    // The first use prints "Downloading Electron binary..." on stdout before the path.
    const binary = path.split('\n').at(-1)?.trim();
    return binary ? { binary } : { failure: 'no path given by the electron package' };
  } catch (error) {
    return { failure: String(error.stderr || error.message || error) };
  }
}

run(npm, ['run', '--silent', 'build']);
/** Whether the Electron build of better-sqlite3 is there, building it when needed. */
async function electronSqliteReady() {
  try {
    await ensureElectronSqlite({ root: process.cwd() });
    return true;
  } catch (error) {
    console.error(`better-sqlite3 could not be built for Electron:\n${failureReason(error)}`);
    return false;
  }
}

const electron = electronBinary();
if (electron.failure !== undefined)
  console.error(startWithoutElectron(electron.failure, electronVersion()).message);
if (electron.binary && (await electronSqliteReady())) {
  launch(electron.binary, ['.']);
} else {
  // The web host prints the address to open (with its per-run secret); PORT fixes the port.
  if (electron.binary)
    console.error('Starting the app in the web host instead: open the address below in a browser.');
  launch(process.execPath, ['--import', 'tsx', 'electron/webhost/index.ts']);
}
