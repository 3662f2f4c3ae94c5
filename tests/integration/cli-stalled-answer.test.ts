/**
 * An answer whose headers came but whose compressed body stopped arriving, as the installed
 * `dcdesk` meets it: the per-request time limit ends it as it ends a plain answer's stall. Before,
 * the read waiting on the decompressor was never settled, the event loop emptied, and Node ended
 * the process with its code 13, saying nothing.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin } from '../support/cli';
import { tempDir, writeTransactionsCsv } from '../support/files';
import { sampleTransaction } from '../support/transactions';

const work = tempDir('dcdesk-cli-stalled-');
const env = { DCDESK_USERNAME: 'analyst', DCDESK_PASSWORD: 'S3cret!' };
let baseUrl = '';
let compressed = true;

/** A token, then answers that send their headers and the first bytes, and nothing more. */
const server: Server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.setHeader('content-type', 'application/json');
    if (request.url?.endsWith('/authentication')) {
      response.end(JSON.stringify({ token: 'tok-1234567890', expiresIn: 3600 }));
      return;
    }
    const body = JSON.stringify({ deviceID: 'dev-1', score: 0.2, deviceRisk: 'low' });
    if (compressed) response.setHeader('content-encoding', 'gzip');
    response.write((compressed ? gzipSync(body) : Buffer.from(body)).subarray(0, 10));
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  writeTransactionsCsv(work.file('pedidos.csv'), 2);
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  work.remove();
});

const connection = () => ['--base-url', baseUrl, '--timeout', '1000', '--data-dir', work.dir];

describe('an answer that stops arriving', () => {
  for (const encoding of ['gzip', 'none']) {
    it(`ends a lookup with the time limit (${encoding})`, async () => {
      compressed = encoding === 'gzip';
      const transaction = sampleTransaction(1);
      const ids = ['--session-id', transaction.sessionID, '--external-id', transaction.externalID];
      const run = await runBin(['lookup', ...ids, ...connection()], env);
      expect(run.stderr).toContain('did not answer within 1 s');
      expect(run.code, run.stderr).toBe(1);
    });
  }

  it('ends a bulk run: its rows failed on the time limit, exit code 4', async () => {
    compressed = true;
    const run = await runBin(
      ['bulk', work.file('pedidos.csv'), '--output', work.file('out.csv'), ...connection()],
      env,
    );
    expect(run.code, run.stderr).toBe(4);
    expect(run.stderr).toMatch(/fail/i);
  }, 30_000);
});
