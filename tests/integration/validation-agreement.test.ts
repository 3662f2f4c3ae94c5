import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateTransaction } from '../../shared/domain/transaction';
import type { RawTransaction } from '../../shared/domain/types';
import { startSandbox, type SandboxHandle } from '../../electron/sandbox';
import { cpfFrom } from '../support/transactions';

/**
 * The client's validator (shared/domain) and the sandbox's are two implementations of spec §2.3,
 * §2.4 and §8. On random payloads already in the wire shape, the client must accept exactly what
 * the sandbox accepts: otherwise the app would either send rows the service refuses or refuse rows
 * it would take. Accepted payloads are sent as the client normalised them (a phone given with an
 * area code gains the default country code); refused ones as they were given.
 */

const idChars = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEF0123456789-_'.split(''));
const digits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'.split('')), minLength: min, maxLength: max });
const id = (min: number, max: number) =>
  fc.string({ unit: idChars, minLength: min, maxLength: max });

const cpf = fc.oneof(
  digits(9, 9).map(cpfFrom),
  digits(9, 12),
  fc.constantFrom('00000000000', '11111111111', '99999999999'),
  digits(9, 9).map(
    (nine) => `${cpfFrom(nine).slice(0, 10)}${String((Number(cpfFrom(nine)[10]) + 1) % 10)}`,
  ),
);
const email = fc.oneof(
  fc.emailAddress().filter((address) => address.length >= 10 && address.length <= 256),
  fc.constantFrom(
    'a@b.co',
    'no-at-sign.example.com',
    'two@@example.com',
    'spaces in@example.com',
    'x@-bad-.example.com',
    'name@example.c',
  ),
  fc.tuple(id(1, 20), id(1, 20)).map(([local, domain]) => `${local}@${domain}.com`),
);
const zip = fc.oneof(digits(6, 12), fc.constantFrom('0131O100', '01310-10'));
const phone = fc.record(
  { countryCode: digits(0, 4), cityCode: digits(1, 4), phoneNumber: digits(6, 10) },
  { requiredKeys: [] },
);

const transaction = fc.record(
  {
    sessionID: fc.oneof(id(24, 64), id(18, 70), fc.constant('session with spaces inside them ok')),
    externalID: fc.oneof(id(6, 64), id(3, 70)),
    cpf,
    email,
    zipCode: zip,
    phone,
  },
  { requiredKeys: ['sessionID', 'externalID'] },
);

/** The wire body the sandbox receives for the same data, with no normalisation. */
function wireBody(
  raw: RawTransaction & { phone?: unknown },
  parts: Record<string, string | undefined> | undefined,
) {
  const body: Record<string, unknown> = { sessionID: raw.sessionID, externalID: raw.externalID };
  if (raw.cpf !== undefined) body.cpf = raw.cpf;
  if (raw.email !== undefined) body.email = raw.email;
  if (raw.zipCode !== undefined) body.zipCode = raw.zipCode;
  const number = parts?.phoneNumber || undefined;
  if (number !== undefined) {
    const phoneBody: Record<string, string> = { number };
    if (parts?.countryCode) phoneBody.countryCode = parts.countryCode;
    if (parts?.cityCode) phoneBody.cityCode = parts.cityCode;
    body.phone = phoneBody;
  }
  return body;
}

const brazilOnlyRules = new Set<string>(['area_code', 'phone_non_geographic']);

let sandbox: SandboxHandle;
let token: string;

beforeAll(async () => {
  sandbox = await startSandbox();
  const response = await fetch(`${sandbox.url}/api/v1/authentication`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'u', password: 'p' }),
  });
  token = ((await response.json()) as { token: string }).token;
});
afterAll(() => sandbox.close());

describe('client validator and sandbox', () => {
  it('agree on random transactions', async () => {
    await fc.assert(
      fc.asyncProperty(transaction, async ({ phone: parts, ...fields }) => {
        const local = validateTransaction({ ...fields, ...parts });
        // Brazil's area codes are checked by the client only: the interface takes any 2–3 digits,
        // but an area code Brazil does not have (or a 0800 number's) is refused on purpose.
        fc.pre(local.ok || !local.problems.some((p) => brazilOnlyRules.has(p.rule)));
        const response = await fetch(`${sandbox.url}/api/v2/insights`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          // What the client would send when it accepts; the data as given when it refuses.
          body: JSON.stringify(local.ok ? local.value : wireBody(fields, parts)),
        });
        const answer = await response.text();
        const verdict = local.ok
          ? 'accepted'
          : `refused (${local.problems.map((p) => `${p.field}:${p.rule}`).join(', ')})`;
        expect(
          response.status !== 400,
          `client ${verdict}; sandbox answered ${response.status} ${answer}`,
        ).toBe(local.ok);
      }),
      { numRuns: 400 },
    );
  });
});
