import { describe, expect, it } from 'vitest';
import { keychainFailure } from './keychain-errors';
import { checkCredentials, parseCredentials, serializeCredentials } from './validation';

describe('credentials validation', () => {
  it('trims the user name and keeps the password exactly', () => {
    expect(checkCredentials({ username: ' ana ', password: ' p w ' })).toEqual({
      username: 'ana',
      password: ' p w ',
    });
  });

  it.each([
    [{ username: '', password: 'x' }, /user name is empty/],
    [{ username: 'a\tb', password: 'x' }, /control character/],
    [{ username: 'u'.repeat(257), password: 'x' }, /longer than 256/],
    [{ username: 'ana', password: '' }, /password is empty/],
    [{ username: 'ana', password: 'y'.repeat(1025) }, /longer than 1024/],
  ])('refuses %j', (input, message) => {
    expect(checkCredentials(input)).toMatch(message);
  });

  it('reads back what it writes and nothing else', () => {
    const credentials = { username: 'ana', password: 'pä"ss\\' };
    expect(parseCredentials(serializeCredentials(credentials))).toEqual(credentials);
    for (const text of [
      'hunter2',
      '',
      'null',
      '[]',
      '{"username":"ana"}',
      '{"username":1,"password":"x"}',
    ])
      expect(parseCredentials(text)).toBeNull();
  });
});

describe('keychain failures', () => {
  const options = { timedOut: false, timeoutMs: 120_000, secrets: ['hunter2'] };

  it.each([
    [
      'Platform failure: DBus error: Failed to connect to socket /x: No such file',
      'no Secret Service is running',
    ],
    ['No DBus session or Secret Service provider found', 'no Secret Service is running'],
    ["Couldn't access platform storage: Secret Service: unlock prompt was dismissed", 'locked'],
    ["Couldn't access platform storage: Secret Service: no result found", 'locked'],
    ['Password data is not valid UTF-8', 'not in the expected format'],
    ['something new', 'it refused the request'],
  ])('explains %s', (raw, reason) => {
    const result = keychainFailure(new Error(raw), options);
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'keychain_unavailable', details: [raw] },
    });
    expect(result.ok ? '' : result.error.message).toContain(reason);
  });

  it('says when the keychain did not answer and cuts any secret out of the details', () => {
    const result = keychainFailure(new Error('echoed hunter2 back'), {
      ...options,
      timedOut: true,
    });
    expect(result).toMatchObject({
      error: { message: expect.stringContaining('did not answer within 120 s') as unknown },
    });
    expect(JSON.stringify(result)).not.toContain('hunter2');
  });
});
