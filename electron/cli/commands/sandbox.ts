import { faultsFromRate, startSandbox } from '../../sandbox';
import type { SandboxHandle, SandboxOptions } from '../../sandbox';
import { flagBounds, numberFlag, parseCommandLine } from '../flags';
import { UsageError, exitCodes, type Io } from '../io';
import type { Command } from '../command';

const options = {
  port: { type: 'string' },
  latency: { type: 'string' },
  'fail-rate': { type: 'string' },
  'token-ttl': { type: 'string' },
} as const;

/**
 * Starts the sandbox; a port another program holds is the user's set-up to change (exit 2), not
 * a failure of dcdesk.
 */
async function start(options: SandboxOptions): Promise<SandboxHandle> {
  try {
    return await startSandbox(options);
  } catch (caught) {
    const code = (caught as NodeJS.ErrnoException | null)?.code;
    const port = String(options.port ?? 0);
    if (code === 'EADDRINUSE')
      throw new UsageError(
        `port ${port} is in use; choose another with --port (0 = any free port).`,
      );
    if (code === 'EACCES')
      throw new UsageError(
        `port ${port} may not be used by this user; choose another with --port (0 = any free port).`,
      );
    throw caught;
  }
}

export const sandboxCommand: Command = {
  name: 'sandbox',
  options,
  stoppable: true,
  summary: 'run the local sandbox service on 127.0.0.1 until stopped',
  usage: `dcdesk sandbox [--port N] [--latency MS] [--fail-rate R] [--token-ttl S]

  --port N        port on 127.0.0.1 (default: a free one)
  --latency MS    added to every insights and upload answer, 0 to 120000 (default 0)
  --fail-rate R   share of requests, 0 to 1, answered 500/502/503/504 or reset (default 0)
  --token-ttl S   token lifetime in seconds (default 3600)`,
  async run(argv: string[], io: Io) {
    const { values } = parseCommandLine({ args: argv, options, strict: true });
    const port = numberFlag(values.port, 'port', flagBounds.port, 0);
    const sandbox = await start({
      port,
      latencyMs: numberFlag(values.latency, 'latency', flagBounds.latencyMs, 0),
      faults: faultsFromRate(numberFlag(values['fail-rate'], 'fail-rate', flagBounds.failRate, 0)),
      tokenTtlSeconds: numberFlag(
        values['token-ttl'],
        'token-ttl',
        flagBounds.tokenTtlSeconds,
        3600,
      ),
    });
    io.out(`Device Check sandbox listening on ${sandbox.url}`);
    io.out('Any user name and password are accepted. Press Ctrl+C to stop.');
    const cause = await io.stopped;
    await sandbox.close();
    // Stopped as any command but bulk is (README): the shell's 128 + the signal's number.
    if (cause === 'SIGTERM') return exitCodes.sigterm;
    return cause === 'output closed' ? exitCodes.ok : exitCodes.sigint;
  },
};
