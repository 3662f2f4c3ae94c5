import { app, dialog, type Session } from 'electron';

/**
 * Switches that would let another process script the app (remote debugging, Node's inspector).
 * Packaged builds refuse them; development and Playwright (which passes --inspect=0 and
 * --remote-debugging-port=0) need them. The `enableNodeCliInspectArguments` fuse, flipped at
 * packaging, is the stronger guard: Node's inspector starts before this code runs.
 */
const debugSwitches = [
  'remote-debugging-port',
  'remote-debugging-pipe',
  'inspect',
  'inspect-brk',
  'inspect-port',
];

/** True when the app must not start: a packaged build launched with a debugging switch. */
export function refuseDebugSwitches(): boolean {
  if (!app.isPackaged) return false;
  const found = debugSwitches.find(
    (name) =>
      app.commandLine.hasSwitch(name) ||
      process.argv.some((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`)),
  );
  if (found === undefined) return false;
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
