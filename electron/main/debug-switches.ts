/**
 * Which launch switches a packaged build refuses, as a pure decision with no Electron import, so
 * Vitest checks it in plain Node; `security.ts` feeds it Electron's view of the command line.
 *
 * These switches would let another process script the app: Chromium's remote debugging, and
 * Node's inspector in the main process (Electron also has --inspect-brk-node). The
 * `enableNodeCliInspectArguments` fuse, flipped at packaging, is the stronger guard for the
 * inspector, which starts before any app code runs; this check also covers remote debugging, which
 * no fuse turns off.
 */
export const debugSwitches = [
  'remote-debugging-port',
  'remote-debugging-pipe',
  'inspect',
  'inspect-brk',
  'inspect-brk-node',
  'inspect-port',
] as const;

export interface LaunchFacts {
  /** `app.isPackaged`: development and Playwright runs need these switches. */
  packaged: boolean;
  /** `process.argv`. */
  argv: readonly string[];
  /** `app.commandLine.hasSwitch`: Chromium's own parse of the command line. */
  hasSwitch: (name: string) => boolean;
  /** `process.platform`: Chromium on Windows also reads `/switch` and ignores case. */
  platform: string;
}

/** The name a command-line argument gives to a switch, or null when it is not a switch. */
function switchName(arg: string, platform: string): string | null {
  const windows = platform === 'win32';
  const prefix = ['--', '-', ...(windows ? ['/'] : [])].find((p) => arg.startsWith(p));
  if (prefix === undefined || arg.length === prefix.length) return null;
  const name = arg.slice(prefix.length).split('=')[0] ?? '';
  return windows ? name.toLowerCase() : name;
}

/** The debugging switch a packaged build was started with, or null when it may start. */
export function refusedDebugSwitch(facts: LaunchFacts): string | null {
  if (!facts.packaged) return null;
  const given = new Set(facts.argv.map((arg) => switchName(arg, facts.platform)));
  return debugSwitches.find((name) => facts.hasSwitch(name) || given.has(name)) ?? null;
}
