import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin } from '../support/cli';

/** The installed `dcdesk sandbox` given a port another program already listens on. */

let taken: Server;
let port: number;

beforeAll(async () => {
  taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  port = (taken.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));

describe('dcdesk sandbox --port', () => {
  it('says a port in use is a set-up mistake, names it and how to choose another (exit 2)', async () => {
    const run = await runBin(['sandbox', '--port', String(port)]);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(
      `dcdesk sandbox: port ${port} is in use; choose another with --port (0 = any free port)`,
    );
    expect(run.stderr).not.toMatch(/unexpected failure|EADDRINUSE/);
    expect(run.stdout).toBe('');
  });
});
