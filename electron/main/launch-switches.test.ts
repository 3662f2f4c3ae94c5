import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  refusedLaunch,
  refusedSwitches,
  type LaunchFacts,
  type SwitchClass,
} from './launch-switches';

const exe = '/opt/Device Check Desk/device-check-desk';
const packaged = (
  argv: string[],
  platform = 'linux',
  chromium: string[] = [],
  env: Record<string, string> = {},
): LaunchFacts => ({
  packaged: true,
  argv: [exe, ...argv],
  hasSwitch: (name) => chromium.includes(name),
  platform,
  env,
});
const refusedName = (facts: LaunchFacts) => refusedLaunch(facts)?.name ?? null;
const everySwitch = Object.entries(refusedSwitches).flatMap(([switchClass, names]) =>
  names.map((name) => [name, switchClass as SwitchClass] as const),
);

describe('refusedLaunch', () => {
  it('lets development and Playwright runs use every switch and variable', () => {
    const argv = [exe, '--inspect=0', '--remote-debugging-port=0', '--ignore-certificate-errors'];
    expect(
      refusedLaunch({
        packaged: false,
        argv,
        hasSwitch: () => true,
        platform: 'linux',
        env: { SSLKEYLOGFILE: '/tmp/keys' },
      }),
    ).toBeNull();
  });

  it('starts a packaged build with ordinary arguments and environment', () => {
    expect(refusedLaunch(packaged([]))).toBeNull();
    expect(
      refusedLaunch(
        packaged(['--lang=pt-BR', '/tmp/pedidos.xlsx', '-psn_0_1'], 'linux', [], {
          HTTPS_PROXY: 'http://proxy.corp:3128',
          NODE_TLS_REJECT_UNAUTHORIZED: '1',
          SSLKEYLOGFILE: '',
        }),
      ),
    ).toBeNull();
    // Switches that only start like a refused one are not refused.
    expect(
      refusedLaunch(
        packaged(['--inspector-theme', '--remote-debugging', '--proxy', '--host-rules-extra']),
      ),
    ).toBeNull();
  });

  it.each([
    ['--remote-debugging-port=9222', 'remote-debugging-port', 'debugging'],
    ['--remote-debugging-pipe', 'remote-debugging-pipe', 'debugging'],
    ['--inspect=127.0.0.1:9229', 'inspect', 'debugging'],
    ['--inspect-brk-node=9229', 'inspect-brk-node', 'debugging'],
    ['--renderer-cmd-prefix=gdb --args', 'renderer-cmd-prefix', 'debugging'],
    ['--log-net-log=/tmp/net.json', 'log-net-log', 'debugging'],
    ['--ignore-certificate-errors', 'ignore-certificate-errors', 'tls'],
    ['--ignore-certificate-errors-spki-list=AAAA', 'ignore-certificate-errors-spki-list', 'tls'],
    ['--ssl-key-log-file=/tmp/keys', 'ssl-key-log-file', 'tls'],
    ['--proxy-server=127.0.0.1:8080', 'proxy-server', 'proxy'],
    ['--proxy-pac-url=http://127.0.0.1/p.pac', 'proxy-pac-url', 'proxy'],
    ['--proxy-auto-detect', 'proxy-auto-detect', 'proxy'],
    ['--host-resolver-rules=MAP * 127.0.0.1', 'host-resolver-rules', 'name-resolution'],
    ['--host-rules=MAP * 127.0.0.1', 'host-rules', 'name-resolution'],
    // Chromium also reads single-dash switches.
    ['-ignore-certificate-errors', 'ignore-certificate-errors', 'tls'],
  ])('refuses %s in a packaged build', (arg, name, switchClass) => {
    expect(refusedLaunch(packaged([arg]))).toEqual({ kind: 'switch', name, class: switchClass });
  });

  it('refuses Windows-style switches on Windows, whatever their case', () => {
    expect(refusedName(packaged(['/Proxy-Server=127.0.0.1:8080'], 'win32'))).toBe('proxy-server');
    expect(refusedName(packaged(['--Remote-Debugging-Port=9222'], 'win32'))).toBe(
      'remote-debugging-port',
    );
    // Elsewhere a leading slash is a path.
    expect(refusedName(packaged(['/ignore-certificate-errors'], 'linux'))).toBeNull();
  });

  it('refuses a switch Chromium saw even when argv does not show it', () => {
    expect(refusedName(packaged([], 'darwin', ['host-resolver-rules']))).toBe(
      'host-resolver-rules',
    );
  });

  it('refuses the environment variables that weaken TLS and that no fuse covers', () => {
    expect(refusedLaunch(packaged([], 'linux', [], { SSLKEYLOGFILE: '/tmp/keys' }))).toEqual({
      kind: 'environment',
      name: 'SSLKEYLOGFILE',
      class: 'tls',
    });
    expect(refusedName(packaged([], 'linux', [], { NODE_TLS_REJECT_UNAUTHORIZED: '0' }))).toBe(
      'NODE_TLS_REJECT_UNAUTHORIZED',
    );
  });

  it('refuses any listed switch hidden among other arguments, in its class', () => {
    const other = fc.string().filter((s) => !s.startsWith('-') && !s.startsWith('/'));
    fc.assert(
      fc.property(
        fc.array(other),
        fc.constantFrom(...everySwitch),
        fc.array(other),
        fc.constantFrom('', '=0', '=9229', '=127.0.0.1:0', '=MAP * 127.0.0.1'),
        fc.constantFrom('--', '-'),
        (before, [name, switchClass], after, value, prefix) => {
          const found = refusedLaunch(packaged([...before, `${prefix}${name}${value}`, ...after]));
          return found?.name === name && found.class === switchClass;
        },
      ),
    );
  });
});
