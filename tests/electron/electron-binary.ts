import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Either the Electron binary to launch, or why these tests cannot run on this machine. */
export type ElectronBinary = { path: string; reason: null } | { path: null; reason: string };

const cacheKey = 'DCDESK_ELECTRON_BINARY';

function firstLine(text: string): string {
  return (
    text
      .split('\n')
      .find((line) => line.trim())
      ?.trim() ?? 'no message'
  );
}

function detect(): ElectronBinary {
  // Electron 45 downloads its binary on the first require('electron') (no install script), so ask
  // a child process: on a workstation that is the download, here it fails without internet.
  let binary: string;
  try {
    binary = execFileSync(process.execPath, ['-e', "process.stdout.write(require('electron'))"], {
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
      timeout: 300_000,
    });
  } catch (caught) {
    const { stderr, message } = caught as { stderr?: string; message: string };
    return {
      path: null,
      reason: `require('electron') failed (the binary downloads on first use and could not be fetched): ${firstLine(stderr || message).slice(0, 200)}`,
    };
  }
  if (!existsSync(binary))
    return { path: null, reason: `require('electron') named ${binary}, which does not exist.` };
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY)
    return {
      path: null,
      reason: 'Electron is installed but there is no display: run under xvfb-run.',
    };
  return { path: binary, reason: null };
}

/**
 * Detected once per run: the config, the global set-up and the test files all ask, and workers
 * inherit the answer through the environment.
 */
export function electronBinary(): ElectronBinary {
  const cached = process.env[cacheKey];
  if (cached) return JSON.parse(cached) as ElectronBinary;
  const found = detect();
  process.env[cacheKey] = JSON.stringify(found);
  return found;
}
