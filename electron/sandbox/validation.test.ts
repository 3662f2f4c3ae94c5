import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from './index';
import type { SandboxHandle } from './index';
import { findSession, getToken, postJson, validCpfs } from './test-support';
import type { ProblemJson } from './test-support';
import { isValidCpf, isValidEmail, validateTransaction } from './validation';

let sandbox: SandboxHandle;
let token: string;
const session = findSession(false);
const base = { sessionID: session, externalID: 'order-1' };

beforeAll(async () => {
  sandbox = await startSandbox();
  token = await getToken(sandbox.url);
});
afterAll(() => sandbox.close());

const length = (name: string, min: number, max: number): string =>
  `The field ${name} must be a string with a minimum length of ${min} and a maximum length of ${max}.`;

/** [case, body, the exact Detail]. */
const cases: [string, unknown, string][] = [
  ['missing sessionID', { externalID: 'order-1' }, 'The SessionID field is required.'],
  ['empty sessionID', { ...base, sessionID: '' }, 'The SessionID field is required.'],
  // ASP.NET's [Required] refuses a string of only white space, whatever its length.
  [
    'whitespace-only sessionID',
    { ...base, sessionID: ' '.repeat(24) },
    'The SessionID field is required.',
  ],
  [
    'sessionID of tabs, line ends and no-break spaces',
    { ...base, sessionID: '\t\r\n\u00a0\u2003\u0085'.repeat(5) },
    'The SessionID field is required.',
  ],
  [
    'whitespace-only externalID',
    { ...base, externalID: ' '.repeat(6) },
    'The ExternalID field is required.',
  ],
  ['sessionID of 23', { ...base, sessionID: 'a'.repeat(23) }, length('SessionID', 24, 64)],
  ['sessionID of 65', { ...base, sessionID: 'a'.repeat(65) }, length('SessionID', 24, 64)],
  [
    'numeric sessionID',
    { ...base, sessionID: 123456789012345 },
    'The field SessionID must be a string.',
  ],
  ['missing externalID', { sessionID: session }, 'The ExternalID field is required.'],
  ['externalID of 5', { ...base, externalID: 'abcde' }, length('ExternalID', 6, 64)],
  ['externalID of 65', { ...base, externalID: 'e'.repeat(65) }, length('ExternalID', 6, 64)],
  ['cpf of 10 digits', { ...base, cpf: '5299822472' }, length('Cpf', 11, 11)],
  ['empty cpf', { ...base, cpf: '' }, length('Cpf', 11, 11)],
  ['cpf with a wrong check digit', { ...base, cpf: '52998224724' }, 'The Cpf field is invalid.'],
  ['cpf of repeated digits', { ...base, cpf: '11111111111' }, 'The Cpf field is invalid.'],
  ['formatted cpf', { ...base, cpf: '529.982.247-25' }, length('Cpf', 11, 11)],
  ['cpf with a letter', { ...base, cpf: '5299822472a' }, 'The Cpf field is invalid.'],
  ['numeric cpf', { ...base, cpf: 52998224725 }, 'The field Cpf must be a string.'],
  ['short email', { ...base, email: 'a@b.co' }, length('Email', 10, 256)],
  ['long email', { ...base, email: `${'a'.repeat(250)}@ex.com` }, length('Email', 10, 256)],
  [
    'email without @',
    { ...base, email: 'ana.example.com' },
    'The Email field is not a valid e-mail address.',
  ],
  [
    'email with two @',
    { ...base, email: 'ana@b@example.com' },
    'The Email field is not a valid e-mail address.',
  ],
  [
    'email with a space',
    { ...base, email: 'ana maria@example.com' },
    'The Email field is not a valid e-mail address.',
  ],
  [
    'email without a dot',
    { ...base, email: 'ana@localhost' },
    'The Email field is not a valid e-mail address.',
  ],
  [
    'email with a hyphen label',
    { ...base, email: 'ana@-example.com' },
    'The Email field is not a valid e-mail address.',
  ],
  [
    'email with a short TLD',
    { ...base, email: 'ana@example.c' },
    'The Email field is not a valid e-mail address.',
  ],
  [
    'email with a numeric TLD',
    { ...base, email: 'ana@example.123' },
    'The Email field is not a valid e-mail address.',
  ],
  [
    'phone number without codes',
    { ...base, phone: { number: '987654321' } },
    'The CountryCode field is required when Number is informed. | The CityCode field is required when Number is informed.',
  ],
  [
    'phone number without city code',
    { ...base, phone: { countryCode: '55', number: '98765432' } },
    'The CityCode field is required when Number is informed.',
  ],
  [
    'phone number of 7',
    { ...base, phone: { countryCode: '55', cityCode: '11', number: '9876543' } },
    length('Number', 8, 9),
  ],
  [
    'phone number of 10',
    { ...base, phone: { countryCode: '55', cityCode: '11', number: '9876543210' } },
    length('Number', 8, 9),
  ],
  [
    'phone number with a dash',
    { ...base, phone: { countryCode: '55', cityCode: '11', number: '9876-5432' } },
    'The field Number must contain only digits.',
  ],
  [
    'country code of 4',
    { ...base, phone: { countryCode: '5555', cityCode: '11', number: '98765432' } },
    length('CountryCode', 1, 3),
  ],
  [
    'country code with +',
    { ...base, phone: { countryCode: '+55', cityCode: '11', number: '98765432' } },
    'The field CountryCode must contain only digits.',
  ],
  [
    'city code of 1',
    { ...base, phone: { countryCode: '55', cityCode: '1', number: '98765432' } },
    length('CityCode', 2, 3),
  ],
  [
    'city code without a number',
    { ...base, phone: { cityCode: '1234' } },
    length('CityCode', 2, 3),
  ],
  ['phone as a string', { ...base, phone: '11987654321' }, 'The field Phone must be an object.'],
  [
    'numeric phone number',
    { ...base, phone: { countryCode: '55', cityCode: '11', number: 987654321 } },
    'The field Number must be a string.',
  ],
  ['zipCode of 7', { ...base, zipCode: '0131010' }, length('ZipCode', 8, 11)],
  ['zipCode of 12', { ...base, zipCode: '013101000000' }, length('ZipCode', 8, 11)],
  [
    'zipCode with a dash',
    { ...base, zipCode: '01310-100' },
    'The field ZipCode must contain only digits.',
  ],
  ['body as an array', [base], 'The request body must be a JSON object.'],
  [
    'every field wrong at once',
    {
      sessionID: 'x',
      externalID: 1,
      cpf: '00000000000',
      email: 'bad',
      phone: { number: '1' },
      zipCode: 'z',
    },
    [
      length('SessionID', 24, 64),
      'The field ExternalID must be a string.',
      'The Cpf field is invalid.',
      length('Email', 10, 256),
      'The CountryCode field is required when Number is informed.',
      'The CityCode field is required when Number is informed.',
      length('Number', 8, 9),
      length('ZipCode', 8, 11),
    ].join(' | '),
  ],
];

describe('insights validation over HTTP', () => {
  it.each(cases)('refuses %s with the exact Detail', async (_name, body, detail) => {
    const response = await postJson(`${sandbox.url}/api/v2/insights`, body, token);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const problem = (await response.json()) as ProblemJson;
    expect(Object.keys(problem)).toEqual(['Title', 'Status', 'Detail', 'Instance', 'Extensions']);
    expect(problem).toMatchObject({
      Title: 'BadRequest',
      Status: 400,
      Detail: detail,
      Instance: '/api/v2/insights',
    });
    expect(problem.Extensions.traceId).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-00$/);
  });

  it('puts the test-environment path in Instance', async () => {
    const response = await postJson(
      `${sandbox.url}/api/products/v2/insights`,
      { externalID: 'order-1' },
      token,
    );
    const problem = (await response.json()) as ProblemJson;
    expect(problem.Instance).toBe('/api/products/v2/insights');
  });

  it('refuses a body that is not JSON', async () => {
    const response = await postJson(`${sandbox.url}/api/v2/insights`, 'sessionID=1', token);
    expect(response.status).toBe(400);
    expect(((await response.json()) as ProblemJson).Detail).toBe(
      'The request body is not valid JSON.',
    );
  });

  it('uses fresh trace ids', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 3; i += 1) {
      const response = await postJson(`${sandbox.url}/api/v2/insights`, {}, token);
      ids.add(((await response.json()) as ProblemJson).Extensions.traceId);
    }
    expect(ids.size).toBe(3);
  });
});

describe('accepted transactions', () => {
  it.each([
    ['the minimum', base],
    [
      'a 24-character session and 64-character ids',
      { sessionID: 's'.repeat(24), externalID: 'e'.repeat(64) },
    ],
    [
      'ids with white space around and inside (only all-blank ones are missing)',
      { sessionID: ` ${'s'.repeat(22)} `, externalID: ' id 1 ' },
    ],
    [
      'a 64-character session and 6-character id',
      { sessionID: 's'.repeat(64), externalID: 'e'.repeat(6) },
    ],
    [
      'every field',
      {
        ...base,
        cpf: validCpfs[1],
        email: 'ana.maria+tag@mail.example.com.br',
        zipCode: '01310100',
        phone: { countryCode: '55', cityCode: '11', number: '987654321' },
      },
    ],
    [
      'the shortest limits',
      {
        ...base,
        email: 'a@b.com.br',
        zipCode: '01310100',
        phone: { countryCode: '1', cityCode: '11', number: '98765432' },
      },
    ],
    [
      'the longest limits',
      {
        ...base,
        zipCode: '01310100000',
        phone: { countryCode: '123', cityCode: '123', number: '987654321' },
      },
    ],
    ['an empty phone object', { ...base, phone: {} }],
    ['null optional fields', { ...base, cpf: null, email: null, phone: null, zipCode: null }],
    ['unknown extra fields', { ...base, extra: 1 }],
    ['a hyphenated domain label', { ...base, email: 'ana@my-shop.example' }],
  ])('accepts %s', async (_name, body) => {
    expect(validateTransaction(body)).toEqual([]);
    const response = await postJson(`${sandbox.url}/api/v2/insights`, body, token);
    expect([200, 204]).toContain(response.status);
  });
});

describe('rule helpers', () => {
  it('checks both CPF check digits', () => {
    for (const cpf of validCpfs) expect(isValidCpf(cpf)).toBe(true);
    expect(isValidCpf('52998224715')).toBe(false);
    expect(isValidCpf('52998224726')).toBe(false);
    for (let d = 0; d <= 9; d += 1) expect(isValidCpf(String(d).repeat(11))).toBe(false);
  });

  it('checks the e-mail shape', () => {
    expect(isValidEmail('a@b.cd')).toBe(true);
    expect(isValidEmail('a@b-.cd')).toBe(false);
    expect(isValidEmail('a@b..cd')).toBe(false);
    expect(isValidEmail('@b.cd')).toBe(false);
    expect(isValidEmail('a\t@b.cd')).toBe(false);
  });
});
