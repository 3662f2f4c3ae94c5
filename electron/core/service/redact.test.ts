import { describe, expect, it } from 'vitest';
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

  it('leaves ordinary text and secrets shorter than four characters alone', () => {
    const redactor = createRedactor();
    redactor.remember('abc');
    expect(redactor.text('abc dev-0123 DEV0001 0.42')).toBe('abc dev-0123 DEV0001 0.42');
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
