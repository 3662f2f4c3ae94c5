/**
 * Which launch switches and environment variables a packaged build refuses, as a pure decision
 * with no Electron import, so Vitest checks it in plain Node; `security.ts` feeds it Electron's
 * view of the command line and the environment.
 *
 * The password goes to the service through `net.fetch`, Chromium's network stack. Each switch
 * below would let another local process read or steer that traffic, or script the app: by
 * weakening TLS, by routing it through a proxy of its choosing, by resolving the service's name
 * to its own address, or by attaching a debugger. Sources: Electron's "Supported Command Line
 * Switches" page and Chromium's `network_switches.cc`, `network_switch_list.h` and
 * `content_switches.cc`. The fuses in electron-builder.yml cover what Node reads before any app
 * code runs (`ELECTRON_RUN_AS_NODE`, `NODE_OPTIONS`, `NODE_EXTRA_CA_CERTS`, `--inspect*`).
 */
export const refusedSwitches = {
  /** Let a debugger or a wrapper program control the app, or write its traffic to a file. */
  debugging: [
    'remote-debugging-port',
    'remote-debugging-pipe',
    'remote-debugging-address',
    'remote-debugging-io-pipes',
    'remote-allow-origins',
    'inspect',
    'inspect-brk',
    'inspect-brk-node',
    'inspect-port',
    'inspect-publish-uid',
    'js-flags',
    'auto-open-devtools-for-tabs',
    'wait-for-debugger',
    'wait-for-debugger-children',
    // Start Chromium's child processes through another program (a debugger, or anything else).
    'renderer-cmd-prefix',
    'utility-cmd-prefix',
    'gpu-launcher',
    'browser-subprocess-path',
    // The network log can hold request headers, the token included, in its sensitive modes.
    'log-net-log',
    'net-log-capture-mode',
  ],
  /** Accept a certificate the OS does not trust, or make captured TLS traffic readable. */
  tls: [
    'ignore-certificate-errors',
    'ignore-certificate-errors-spki-list',
    'ignore-urlfetcher-cert-requests',
    'allow-insecure-localhost',
    'ssl-key-log-file',
    'ssl-version-min',
    'ssl-version-max',
    'cipher-suite-blacklist',
    'unsafely-treat-insecure-origin-as-secure',
    'allow-running-insecure-content',
  ],
  /**
   * Replace the system's proxy settings (which IT manages) or send the OS login to other servers.
   * WPAD auto-detection lets anyone on the network answer for the proxy script.
   */
  proxy: [
    'proxy-server',
    'proxy-pac-url',
    'proxy-bypass-list',
    'no-proxy-server',
    'proxy-auto-detect',
    'winhttp-proxy-resolver',
    'auth-server-whitelist',
    'auth-server-allowlist',
    'auth-negotiate-delegate-whitelist',
    'auth-negotiate-delegate-allowlist',
  ],
  /** Send the service's host name, or every https connection, to another address or port. */
  'name-resolution': [
    'host-rules',
    'host-resolver-rules',
    'testing-fixed-http-port',
    'testing-fixed-https-port',
  ],
} as const satisfies Record<string, readonly string[]>;

export type SwitchClass = keyof typeof refusedSwitches;

/**
 * Environment variables with the same effect that no fuse turns off. `SSLKEYLOGFILE` makes
 * Chromium write its TLS session keys to a file; `NODE_TLS_REJECT_UNAUTHORIZED=0` turns off
 * certificate checks in Node's own TLS (the service is reached through Chromium's, but nothing in
 * a packaged build needs it, so it is refused rather than reasoned about).
 */
const refusedEnvironment: readonly { name: string; refused: (value: string) => boolean }[] = [
  { name: 'SSLKEYLOGFILE', refused: (value) => value !== '' },
  { name: 'NODE_TLS_REJECT_UNAUTHORIZED', refused: (value) => value === '0' },
];

export interface LaunchFacts {
  /** `app.isPackaged`: development and Playwright runs need these switches. */
  packaged: boolean;
  /** `process.argv`. */
  argv: readonly string[];
  /** `app.commandLine.hasSwitch`: Chromium's own parse of the command line. */
  hasSwitch: (name: string) => boolean;
  /** `process.platform`: Chromium on Windows also reads `/switch` and ignores case. */
  platform: string;
  /** `process.env`. */
  env: Readonly<Record<string, string | undefined>>;
}

/** Why a packaged build will not start: a switch or an environment variable, and its class. */
export interface LaunchRefusal {
  kind: 'switch' | 'environment';
  name: string;
  class: SwitchClass;
}

/** The name a command-line argument gives to a switch, or null when it is not a switch. */
function switchName(arg: string, platform: string): string | null {
  const windows = platform === 'win32';
  const prefix = ['--', '-', ...(windows ? ['/'] : [])].find((p) => arg.startsWith(p));
  if (prefix === undefined || arg.length === prefix.length) return null;
  const name = arg.slice(prefix.length).split('=')[0] ?? '';
  return windows ? name.toLowerCase() : name;
}

const classes = Object.keys(refusedSwitches) as SwitchClass[];

/** The first refused switch or environment variable a packaged build was started with, or null. */
export function refusedLaunch(facts: LaunchFacts): LaunchRefusal | null {
  if (!facts.packaged) return null;
  const given = new Set(facts.argv.map((arg) => switchName(arg, facts.platform)));
  for (const switchClass of classes) {
    const names: readonly string[] = refusedSwitches[switchClass];
    const name = names.find((candidate) => facts.hasSwitch(candidate) || given.has(candidate));
    if (name !== undefined) return { kind: 'switch', name, class: switchClass };
  }
  const variable = refusedEnvironment.find(({ name, refused }) => {
    const value = facts.env[name];
    return value !== undefined && refused(value);
  });
  return variable ? { kind: 'environment', name: variable.name, class: 'tls' } : null;
}
