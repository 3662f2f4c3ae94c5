// `npm start`: build, then launch the desktop app. Native modules are rebuilt for Electron first
// (never in postinstall: see ../shared/TOOLCHAIN.md). Where no Electron binary can be had, such as
// a machine without internet access, say so and start what does run there instead.
import { execFileSync, spawn, spawnSync } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
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
  run(npx, ['electron-builder', 'install-app-deps']);
  const child = spawn(binary, ['.'], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  console.error('Starting the local sandbox service instead (see the README, "Without Electron").');
  const child = spawn(
    process.execPath,
    ['bin/dcdesk.mjs', 'sandbox', '--port', process.env.PORT ?? '0'],
    { stdio: 'inherit' },
  );
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
}
