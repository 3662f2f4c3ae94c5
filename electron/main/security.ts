import { app, dialog, type Session } from 'electron';
import { refusedLaunch, type SwitchClass } from './launch-switches';

const consequence: Record<SwitchClass, string> = {
  debugging: 'it would let other programs control it or read its traffic',
  tls: 'it would weaken the encryption that protects your password',
  proxy: 'it would send your password through a proxy other than the one your system uses',
  'name-resolution': 'it would let another address answer for the Device Check Service',
};

/**
 * True when the app must not start: a packaged build launched with a switch or an environment
 * variable that weakens TLS, proxying, name resolution or debugging (`launch-switches.ts`).
 */
export function refuseWeakeningLaunch(): boolean {
  const found = refusedLaunch({
    packaged: app.isPackaged,
    argv: process.argv,
    hasSwitch: (name) => app.commandLine.hasSwitch(name),
    platform: process.platform,
    env: process.env,
  });
  if (found === null) return false;
  const what = found.kind === 'switch' ? `--${found.name}` : `the ${found.name} variable set`;
  // Before `ready` on Linux this prints to stderr instead of showing a dialog; both are fine.
  dialog.showErrorBox(
    'Device Check Desk',
    `Device Check Desk does not start with ${what}: ${consequence[found.class]}. Start it without it.`,
  );
  return true;
}

/**
 * The page needs no camera, location, notifications, clipboard reading or anything else a web
 * page can ask for; both the request and the silent check are refused.
 */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}
