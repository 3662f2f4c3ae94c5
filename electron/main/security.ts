import { app, dialog, type Session } from 'electron';
import { refusedDebugSwitch } from './debug-switches';

/** True when the app must not start: a packaged build launched with a debugging switch. */
export function refuseDebugSwitches(): boolean {
  const found = refusedDebugSwitch({
    packaged: app.isPackaged,
    argv: process.argv,
    hasSwitch: (name) => app.commandLine.hasSwitch(name),
    platform: process.platform,
  });
  if (found === null) return false;
  // Before `ready` on Linux this prints to stderr instead of showing a dialog; both are fine.
  dialog.showErrorBox(
    'Device Check Desk',
    `Device Check Desk does not start with --${found}: it would let other programs control it.`,
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
