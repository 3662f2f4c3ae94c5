/**
 * Answers that quote a secret or a customer's data with JSON escapes (`\u0073` for `s`). The
 * client keeps an answer as parsed, without the copies that hide secrets and personal data, only
 * when its text cannot hold any: an escape could spell one that the text does not show as such.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../electron/core/service/client';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { ok } from '../../shared/result';
import { sampleTransaction } from '../support/transactions';

const username = 'analista';
const password = 'senha-muito-secreta';
/** Every character of `text` (ASCII here) as a JSON `\uXXXX` escape. */
const escaped = (text: string) =>
  text.replace(/[\s\S]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

let sandbox: SandboxHandle;
const client = () =>
  createServiceClient({
    fetch: globalThis.fetch,
    endpoint: { baseUrl: sandbox.url, pathStyle: 'production' },
    credentials: () => Promise.resolve(ok({ username, password })),
  });

beforeAll(async () => {
  sandbox = await startSandbox({ credentials: { username, password }, jwtTokens: false });
});
afterAll(() => sandbox.close());

describe('an answer that quotes secrets or personal data with escapes', () => {
  const transaction = sampleTransaction(7);
  const answer = (quoted: string) =>
    `{"deviceID":"dev-${quoted}","insights":["A"],"alertQuantity":0,"deviceAge":1,"deviceRisk":"low","score":0.5,"smartID":"${quoted}","debug":"${quoted}"}`;

  it('hides the password, the CPF and the e-mail however they are written', async () => {
    const quoted = `${escaped(password)} ${escaped(transaction.cpf ?? '')} ${escaped(transaction.email ?? '')}`;
    sandbox.forceNext(200, { route: 'insights', body: answer(quoted) });
    const result = await client().insights(transaction);
    // Found in the device ID and the smart ID, they could be hidden only by changing them: the
    // answer is refused, naming the fields and quoting none of it.
    expect(result.ok ? null : result.error).toMatchObject({
      code: 'invalid_response',
      details: ['deviceID holds text that is hidden', 'smartID holds text that is hidden'],
    });
    expect(result.ok ? '' : result.error.rawBody).toMatch(/"smartID":"\[redacted\] \S+ \S+"/);
    const text = JSON.stringify(result);
    expect(text).not.toContain(password);
    expect(text).not.toContain(transaction.cpf);
    expect(text).not.toContain(transaction.email);
  });

  it('keeps an answer with nothing to hide exactly as sent', async () => {
    sandbox.forceNext(200, { route: 'insights', body: answer('nothing here') });
    const result = await client().insights(transaction);
    expect(result.ok && result.value.result).toMatchObject({
      deviceID: 'dev-nothing here',
      insights: ['A'],
      score: 0.5,
    });
    expect(result.ok && result.value.raw).toContain('"debug":"nothing here"');
  });
});
