import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { debugSwitches, refusedDebugSwitch, type LaunchFacts } from './debug-switches';

const exe = '/opt/Device Check Desk/device-check-desk';
const packaged = (argv: string[], platform = 'linux', chromium: string[] = []): LaunchFacts => ({
  packaged: true,
  argv: [exe, ...argv],
  hasSwitch: (name) => chromium.includes(name),
  platform,
});

describe('refusedDebugSwitch', () => {
  it('lets development and Playwright runs use every debugging switch', () => {
    const argv = [exe, '--inspect=0', '--remote-debugging-port=0'];
    expect(
      refusedDebugSwitch({ packaged: false, argv, hasSwitch: () => true, platform: 'linux' }),
    ).toBeNull();
  });

  it('starts a packaged build with ordinary arguments', () => {
    expect(refusedDebugSwitch(packaged([]))).toBeNull();
    expect(
      refusedDebugSwitch(packaged(['--lang=pt-BR', '/tmp/pedidos.xlsx', '-psn_0_1'])),
    ).toBeNull();
    // Switches that only start like a debugging one are not refused.
    expect(refusedDebugSwitch(packaged(['--inspector-theme', '--remote-debugging']))).toBeNull();
  });

  it.each([
    ['--remote-debugging-port=9222', 'remote-debugging-port'],
    ['--remote-debugging-port', 'remote-debugging-port'],
    ['--remote-debugging-pipe', 'remote-debugging-pipe'],
    ['--inspect', 'inspect'],
    ['--inspect=127.0.0.1:9229', 'inspect'],
    ['--inspect-brk', 'inspect-brk'],
    ['--inspect-brk-node=9229', 'inspect-brk-node'],
    ['--inspect-port=0', 'inspect-port'],
    // Chromium also reads single-dash switches.
    ['-remote-debugging-port=9222', 'remote-debugging-port'],
  ])('refuses %s in a packaged build', (arg, name) => {
    expect(refusedDebugSwitch(packaged([arg]))).toBe(name);
  });

  it('refuses Windows-style switches on Windows, whatever their case', () => {
    expect(refusedDebugSwitch(packaged(['/remote-debugging-port=9222'], 'win32'))).toBe(
      'remote-debugging-port',
    );
    expect(refusedDebugSwitch(packaged(['--Remote-Debugging-Port=9222'], 'win32'))).toBe(
      'remote-debugging-port',
    );
    // Elsewhere a leading slash is a path.
    expect(refusedDebugSwitch(packaged(['/remote-debugging-port'], 'linux'))).toBeNull();
  });

  it('refuses a switch Chromium saw even when argv does not show it', () => {
    expect(refusedDebugSwitch(packaged([], 'darwin', ['remote-debugging-pipe']))).toBe(
      'remote-debugging-pipe',
    );
  });

  it('refuses any debugging switch hidden among other arguments', () => {
    const other = fc.string().filter((s) => !s.startsWith('-') && !s.startsWith('/'));
    fc.assert(
      fc.property(
        fc.array(other),
        fc.constantFrom(...debugSwitches),
        fc.array(other),
        fc.constantFrom('', '=0', '=9229', '=127.0.0.1:0'),
        (before, name, after, value) => {
          const argv = [...before, `--${name}${value}`, ...after];
          return refusedDebugSwitch(packaged(argv)) === name;
        },
      ),
    );
  });
});
