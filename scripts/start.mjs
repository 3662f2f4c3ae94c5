// `npm start`: build, then launch the desktop app. Native modules are rebuilt for Electron first
// (never in postinstall: see docs/toolchain.md). Where no Electron binary can be had, such as
// a machine without internet access, say so and start the same app in the web host instead: the
// real core and the built renderer on 127.0.0.1, opened in any browser.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { electronBuildEnv } from './electron-env.mjs';

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

/** The path of the Electron binary, downloading it on first use; null when it cannot be had. */
function electronBinary() {
  try {
    const path = execFileSync(
      process.execPath,
      ['-e', "process.stdout.write(require('electron'))"],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        encoding: 'utf8',
      },
    );
    return path || null;
  } catch (error) {
    const reason =
      String(error.stderr || error.message)
        .split('\n')
        .find((line) => line.trim()) ?? '';
    console.error(`Electron is not available on this machine: ${reason.slice(0, 200)}`);
    return null;
  }
}

run(npm, ['run', '--silent', 'build']);
const binary = electronBinary();
if (binary) {
  const rebuilt = spawnSync(
    process.execPath,
    ['node_modules/electron-builder/cli.js', 'install-app-deps'],
    { stdio: 'inherit', env: electronBuildEnv() },
  );
  if (rebuilt.status !== 0) process.exit(rebuilt.status ?? 1);
  launch(binary, ['.']);
} else {
  // The web host prints the address to open (with its per-run secret); PORT fixes the port.
  console.error('Starting the app in the web host instead: open the address below in a browser.');
  launch(process.execPath, ['--import', 'tsx', 'electron/webhost/index.ts']);
}
