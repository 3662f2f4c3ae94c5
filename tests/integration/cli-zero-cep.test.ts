/**
 * A CEP of zeros (`00000-000`), which analysts type as a placeholder, run through the built
 * dcdesk: the rows are looked up like any other, and the service's messages are masked only where
 * they quote the CEP, not at every `0`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { runBin } from '../support/cli';
import { tempDir } from '../support/files';

const send = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
};

/** A service whose deviceIDs and messages hold zeros, and one message that quotes the CEP. */
const server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    if (request.url?.endsWith('/authentication'))
      return send(response, 200, { token: 'tok-0000', expiresIn: 3600 });
    const { externalID } = JSON.parse(body) as { externalID: string };
    if (externalID.endsWith('-2'))
      return send(response, 400, {
        title: 'Bad',
        status: 400,
        detail: 'CEP 00000-000 is not served; code 40, trace 00-4bf0-01',
      });
    send(response, 200, {
      deviceID: 'dev-10a0-0001',
      insights: ['DEV0001'],
      alertQuantity: 0,
      deviceAge: 10,
      deviceRisk: 'low',
      score: 0.1,
      smartID: 'smart-00',
      similarityResult: null,
    });
  });
});

let sandbox: SandboxHandle;
let url = '';
const work = tempDir('dcdesk-zero-cep-');
beforeAll(async () => {
  sandbox = await startSandbox();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});
afterAll(async () => {
  server.close();
  await sandbox.close();
  work.remove();
});

interface Output {
  externalID: string;
  status: string;
  deviceID: string | null;
  messages: string[] | null;
}

/** Runs `dcdesk bulk` over rows whose CEP is zeros, written both ways, against `baseUrl`. */
async function bulk(name: string, baseUrl: string) {
  const rows = ['externalID,sessionID,cep'];
  for (const [n, cep] of [
    [1, '00000-000'],
    [2, '00000000'],
    [3, '00000-000'],
  ] as const)
    rows.push(`cepz-${name}-${String(n)},sessao-${String(n).padStart(24, '0')},${cep}`);
  writeFileSync(work.file(`${name}.csv`), rows.join('\n'));
  const done = await runBin(
    [
      'bulk',
      work.file(`${name}.csv`),
      '--output',
      work.file(`${name}.json`),
      '--base-url',
      baseUrl,
    ],
    {
      DCDESK_USERNAME: 'analyst',
      DCDESK_PASSWORD: 'secret-password',
      DCDESK_DATA_DIR: work.file(`data-${name}`),
    },
  );
  const output = JSON.parse(readFileSync(work.file(`${name}.json`), 'utf8')) as Output[];
  return { done, output };
}

describe('dcdesk bulk with a CEP of zeros', () => {
  it('looks the rows up against the sandbox', async () => {
    const { done, output } = await bulk('sandbox', sandbox.url);
    expect(output).toHaveLength(3);
    for (const row of output) expect(row.status).toMatch(/^(ok|no_content)$/);
    expect(done.stderr).not.toContain('holds text the app hides');
  });

  it('keeps answers whose IDs hold zeros, and masks a message only where it quotes the CEP', async () => {
    const { done, output } = await bulk('zeros', url);
    expect(output.map((row) => [row.status, row.deviceID])).toEqual([
      ['ok', 'dev-10a0-0001'],
      ['rejected', null],
      ['ok', 'dev-10a0-0001'],
    ]);
    const message = output[1]?.messages?.join(' ') ?? '';
    expect(message).toContain('CEP 00000-*** is not served; code 40, trace 00-4bf0-01');
    expect(`${done.stdout}\n${done.stderr}`).not.toContain('00000-***-');
  });
});
