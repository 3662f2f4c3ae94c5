import { describe, expect, it } from 'vitest';
import { decodedRuns, holdsPieceOf } from '../../../tests/support/secret-scan';
import { createRedactor, redactedMark } from './redact';

const password = 'Çenha "secreta" \\ 123';
const token = 'opaque.token-0123456789';
const jwt =
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzYW5kYm94IiwiZXhwIjo5OTk5OTk5OTk5fQ.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';

describe('createRedactor', () => {
  it('hides a remembered secret as is, escaped in JSON, URL-encoded and in base64', () => {
    const redactor = createRedactor();
    redactor.remember(password);
    const forms = [
      password,
      JSON.stringify(password).slice(1, -1),
      encodeURIComponent(password),
      Buffer.from(password).toString('base64'),
    ];
    for (const form of forms)
      expect(redactor.text(`before ${form} after`)).toBe(`before ${redactedMark} after`);
  });

  it('copies data nested 100,000 deep (an answer of 1 MB may be), hiding a secret at its bottom', () => {
    const redactor = createRedactor();
    redactor.remember(token);
    const depth = 100_000;
    const deep = JSON.parse(
      '{"a":'.repeat(depth) + `[1, null, "${token}", {"__proto__": "x"}]` + '}'.repeat(depth),
    ) as unknown;
    let copy = redactor.deep(deep) as Record<string, unknown>;
    for (let level = 0; level < depth; level += 1) copy = copy.a as Record<string, unknown>;
    const bottom = copy as unknown as unknown[];
    expect(bottom).toEqual([1, null, redactedMark, expect.any(Object)]);
    expect(Object.keys(bottom[3] as object)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(bottom[3])).toBe(Object.prototype);
  });

  it('hides every token it was told of, past ones included', () => {
    const redactor = createRedactor();
    redactor.remember(token);
    redactor.remember('second-token-abcdef');
    expect(redactor.text(`old ${token}, new second-token-abcdef`)).toBe(
      `old ${redactedMark}, new ${redactedMark}`,
    );
  });

  it('hides any bearer header and anything shaped like a JWT, even never seen', () => {
    const redactor = createRedactor();
    expect(redactor.text('header was Authorization: Bearer abc.def-1_2~3+/=, then')).toBe(
      `header was Authorization: Bearer ${redactedMark}, then`,
    );
    expect(redactor.text(`token ${jwt} end`)).toBe(`token ${redactedMark} end`);
    // A JWT's signature alone is the part that proves it.
    redactor.remember(jwt);
    expect(redactor.text(`sig ${jwt.split('.')[2]!}`)).toBe(`sig ${redactedMark}`);
  });

  it('hides a secret base64-encoded inside a longer text, at any byte alignment, and in hex', () => {
    const redactor = createRedactor();
    redactor.remember(password);
    redactor.remember(token);
    const b64 = (text: string) => Buffer.from(text).toString('base64');
    const echoes = {
      'a whole bearer header in base64': b64(`Authorization: Bearer ${token}`),
      'Bearer and the token in base64 (the token at byte 7)': b64(`Bearer ${token}`),
      'a Basic-style user:password': b64(`analista:${password}`),
      'the JSON login body': b64(JSON.stringify({ username: 'analista', password })),
      'the login body in base64url': Buffer.from(`{"password":"${password}"}`).toString(
        'base64url',
      ),
      'the token in hex': Buffer.from(token).toString('hex'),
      'the password in upper-case hex': Buffer.from(`pw=${password}`).toString('hex').toUpperCase(),
    };
    for (const [name, echoed] of Object.entries(echoes)) {
      const said = redactor.text(`echo ${echoed} end`);
      expect(said, name).toMatch(/^echo .*\[redacted\].* end$/);
      expect(decodedRuns(said).filter(holdsPieceOf(password, token)), name).toEqual([]);
    }
  });

  it('keeps what an encoded echo says beside the secret, and ordinary hex and base64', () => {
    const redactor = createRedactor();
    redactor.remember(token);
    const header = Buffer.from(`Bearer ${token}`).toString('base64');
    // "Bearer " is the first 7 bytes: its first 8 characters of base64 say only "Bearer". And
    // "token-of-another" shares six characters with the token, too few to hide, in base64 too.
    expect(redactor.text(`header ${header}`)).toMatch(/^header QmVhcmVy.{0,3}\[redacted\].{0,3}$/);
    const ordinary =
      'device dev-9f8e7d6c5b4a39281706 trace 4bf92f3577b34da6a3ce929d0e0e4736 id dG9rZW4tb2YtYW5vdGhlcg==';
    expect(redactor.text(ordinary)).toBe(ordinary);
  });

  it('leaves ordinary text and secrets shorter than four characters alone', () => {
    const redactor = createRedactor();
    redactor.remember('abc');
    expect(redactor.text('abc dev-0123 DEV0001 0.42')).toBe('abc dev-0123 DEV0001 0.42');
  });

  it('hides a secret echoed in another letter case, or any eight of its characters in a row', () => {
    const redactor = createRedactor();
    redactor.remember(password);
    redactor.remember(token);
    for (const echoed of [
      password.toUpperCase(),
      token.toLowerCase(),
      token.toUpperCase(),
      password.slice(0, 8),
      token.slice(0, 8),
      token.slice(6, 17),
      `${token.slice(0, 12).toUpperCase()}…`,
      'ÇENHA "SECRETA',
    ])
      expect(redactor.text(`got ${echoed} here`), echoed).toMatch(/^got \[redacted\]…? here$/);
  });

  it('finds a run of eight wherever it starts, in the secret and in the text', () => {
    const redactor = createRedactor();
    const secret = 'Qz7-kW2p-Lm9x-Rt4v';
    redactor.remember(secret);
    for (let from = 0; from + 8 <= secret.length; from++)
      for (const before of ['', 'a', 'ab ', 'abcd', 'abcde:', 'abcdefg']) {
        const said = redactor.text(`${before}${secret.slice(from, from + 8)}|end`);
        expect(said, `${before} ${String(from)}`).toBe(`${before}${redactedMark}|end`);
      }
  });

  it('leaves runs of seven characters alone, and a short secret in part', () => {
    const redactor = createRedactor();
    redactor.remember('Senha-Forte-2024');
    redactor.remember('curta1');
    // "senha-f" is seven characters of the password: an ordinary word stays readable.
    expect(redactor.text('senha-f incorreta; curta')).toBe('senha-f incorreta; curta');
    expect(redactor.text('SENHA-FO and CURTA1')).toBe(`${redactedMark} and ${redactedMark}`);
  });

  it('reads an İ, whose lower case is longer, without moving what follows', () => {
    const redactor = createRedactor();
    redactor.remember('segredo-grande-9');
    expect(redactor.text('İİ SEGREDO-GRANDE-9 İ')).toBe(`İİ ${redactedMark} İ`);
  });

  it('redacts every string of plain data, keys kept, other values untouched', () => {
    const redactor = createRedactor();
    redactor.remember(token);
    const data = {
      message: `echo ${token}`,
      details: [token, 'ok'],
      status: 500,
      nested: { t: token },
    };
    expect(redactor.deep(data)).toEqual({
      message: `echo ${redactedMark}`,
      details: [redactedMark, 'ok'],
      status: 500,
      nested: { t: redactedMark },
    });
    expect(data.message).toBe(`echo ${token}`);
  });
});

/** What servers really send back: each function writes `secret` as one of them would. */
const htmlEscapes: Array<(secret: string) => string> = [
  (s) => s.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/"/g, '&quot;'),
  (s) => s.replace(/&/g, '&AMP;').replace(/'/g, '&#x27;').replace(/"/g, '&#X22;'),
  (s) => s.replace(/&/g, '&#38;').replace(/'/g, '&apos;').replace(/</g, '&lt;'),
  (s) => s.replace(/[^\w]/g, (c) => `&#x${c.charCodeAt(0).toString(16)};`),
];

describe('createRedactor, the escapes servers write', () => {
  const troubador = "Tr0ub4dor&3'x";
  const spaced = 'Çenha "secreta" / ~!*() é 😀 + fim';

  for (const secret of [troubador, spaced]) {
    const forms: Record<string, string> = {
      form: new URLSearchParams({ password: secret }).toString().slice('password='.length),
      'percent, upper hex': encodeURIComponent(secret).replace(/'/g, '%27'),
      'percent, lower hex': encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (e) =>
        e.toLowerCase(),
      ),
      'URL query': new URL(`https://x.example/p?password=${secret}`).href.split('password=')[1]!,
      'URL path': new URL(`https://x.example/${secret}`).href.slice('https://x.example/'.length),
      'JSON with \\/': JSON.stringify(secret).slice(1, -1).replace(/\//g, '\\/'),
      'JSON \\u escapes': JSON.stringify(secret)
        .slice(1, -1)
        .replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
      'HTML in a JSON string': JSON.stringify(htmlEscapes[0]!(secret)).slice(1, -1),
      'percent-encoded twice': encodeURIComponent(encodeURIComponent(secret)),
      'form-encoded, then HTML': htmlEscapes[0]!(new URLSearchParams({ p: secret }).toString()),
    };
    htmlEscapes.forEach((escape, index) => (forms[`HTML ${String(index)}`] = escape(secret)));

    for (const [name, form] of Object.entries(forms)) {
      it(`hides ${JSON.stringify(secret.slice(0, 8))} written as ${name}`, () => {
        const redactor = createRedactor();
        redactor.remember(secret);
        const said = redactor.text(`login=analyst1&password=${form}&next=1`);
        expect(said).not.toContain('Tr0ub4dor');
        expect(said).not.toContain('enha');
        expect(said).toContain(redactedMark);
        expect(said).toMatch(/^login=analyst1&password=.*&next=1$/);
      });
    }
  }

  it('hides a token echoed with PHP-style \\/ escapes, remembered or not', () => {
    const opaque = 'tok/abcDEF123456+ghiJKL789=';
    const echoed = `{"debug":{"authorization":"Bearer ${opaque.replace(/\//g, '\\/')}"}}`;
    const redactor = createRedactor();
    expect(redactor.text(echoed)).toBe(`{"debug":{"authorization":"Bearer ${redactedMark}"}}`);
    redactor.remember(opaque);
    expect(redactor.text(`t=${encodeURIComponent(opaque)} ${opaque.replace('/', '\\u002f')}`)).toBe(
      `t=${redactedMark} ${redactedMark}`,
    );
    expect(redactor.text(`Authorization=Bearer+${encodeURIComponent(opaque)}`)).toBe(
      `Authorization=Bearer+${redactedMark}`,
    );
  });

  it('leaves ordinary escaped text alone', () => {
    const redactor = createRedactor();
    redactor.remember(troubador);
    const text = 'a=1&b=2 &amp; 50%25 off \\/ caf\\u00e9 Bearer';
    expect(redactor.text(text)).toBe(text);
  });
});
