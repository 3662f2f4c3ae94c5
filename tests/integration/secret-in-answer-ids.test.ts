import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../electron/core/service/client';
import type { Transaction } from '../../shared/domain/types';
import { ok } from '../../shared/result';

/**
 * An answer whose identifiers (device IDs, smart ID, insight codes) hold a secret or the
 * customer's data: hiding it would store a made-up identifier as a good answer, which a later
 * response-variable file would send. It is refused.
 */
const token = '9f1c2e7a-4b3d-4c8e-9a51-6d2f0b7e3c19';
const password = 'Senha-Forte-2026';

const answers = {
  /** Eight characters of the token inside an ordinary device ID: chance, not an echo. */
  tokenLikeness: { deviceID: 'a1b2c3d4-4b3d-4c8-77aa' },
  tokenWhole: { deviceID: token },
  passwordPiece: { deviceID: 'dev-forte-2026-x' },
  cpfInSmartId: { deviceID: 'dev-1', smartID: 'cpf52998224725' },
  tokenInSimilar: { deviceID: 'dev-1', similarityResult: { similarDevices: [`x${token}`] } },
  /** The token cut into pieces of fifteen characters, in a field the interface does not name. */
  tokenPieces: { deviceID: 'dev-1', note: token.match(/.{1,15}/g)?.join(' ') },
  /** A field the interface does not name: kept only as a redacted raw copy, the answer is good. */
  echoElsewhere: { deviceID: 'dev-1', note: `password was ${password}` },
};
let mode: keyof typeof answers = 'tokenLikeness';

const service = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    if (request.url?.includes('auth')) {
      response.end(JSON.stringify({ token, expiresInSeconds: 3600 }));
      return;
    }
    const base = { insights: [], alertQuantity: 0, deviceAge: 10, deviceRisk: 'low', score: 0.1 };
    response.end(JSON.stringify({ ...base, ...answers[mode] }));
  });
});
let url = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${String((service.address() as AddressInfo).port)}`;
});
afterAll(() => service.close());

const transaction: Transaction = {
  sessionID: 'session-0001',
  externalID: 'order-1',
  cpf: '52998224725',
  email: 'fulano.silva@example.com',
  phone: { countryCode: '55', cityCode: '11', number: '987654321' },
  zipCode: '01310100',
};

const lookup = () =>
  createServiceClient({
    fetch: globalThis.fetch,
    endpoint: { baseUrl: url, pathStyle: 'production' },
    credentials: () => Promise.resolve(ok({ username: 'analyst', password })),
    timeoutMs: 5000,
  }).insights(transaction);

describe('identifiers in an answer that hold a secret or the customer data', () => {
  // Eight characters of the token are hidden wherever they stand: an echo cut into short pieces
  // would give the whole token away otherwise. A device ID sharing them by chance (about once in
  // five million answers per token) is refused with the others: never stored with a piece hidden.
  it('refuses a device ID that shares eight characters with the token, stored nowhere', async () => {
    mode = 'tokenLikeness';
    const result = await lookup();
    expect(result.ok ? null : result.error.code).toBe('invalid_response');
    expect(JSON.stringify(result)).not.toContain('4b3d-4c8');
  });

  it('hides a token echoed cut into pieces of fifteen characters', async () => {
    mode = 'tokenPieces';
    const result = await lookup();
    const text = JSON.stringify(result);
    for (let at = 0; at + 8 <= token.length; at += 1)
      expect(text).not.toContain(token.slice(at, at + 8));
  });

  for (const [name, field] of [
    ['tokenWhole', 'deviceID'],
    ['passwordPiece', 'deviceID'],
    ['cpfInSmartId', 'smartID'],
    ['tokenInSimilar', 'similarityResult.similarDevices'],
  ] as const) {
    it(`refuses the answer, naming the field, quoting nothing (${name})`, async () => {
      mode = name;
      const result = await lookup();
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error.code).toBe('invalid_response');
      expect(result.error.message).toContain(field);
      const text = JSON.stringify(result);
      for (const secret of [token.slice(9, 23), 'forte-20', '52998224725'])
        expect(text).not.toContain(secret);
    });
  }

  it('keeps a good answer whose unnamed field echoed the password, its raw copy redacted', async () => {
    mode = 'echoElsewhere';
    const result = await lookup();
    expect(result.ok && result.value.result?.deviceID).toBe('dev-1');
    expect(JSON.stringify(result)).not.toContain('Forte-2026');
  });
});
