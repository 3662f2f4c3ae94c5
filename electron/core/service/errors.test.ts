import { describe, expect, it } from 'vitest';
import { errorFromException, errorFromResponse, parseRetryAfter, secondsText } from './errors';

const now = Date.parse('2026-11-21T12:00:00Z');

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('7', now)).toBe(7000);
    expect(parseRetryAfter('Sat, 21 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sat, 21 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('holds an absurd wait to one day, so no message quotes a twenty-digit number', () => {
    expect(parseRetryAfter('99999999999999999999', now)).toBe(86_400_000);
    expect(parseRetryAfter('Fri, 01 Jan 9999 00:00:00 GMT', now)).toBe(86_400_000);
  });
});

describe('errorFromResponse', () => {
  it.each([
    ['10 minutes slow', -10],
    ['10 minutes fast', 10],
    ['on time', 0],
  ])(
    "measures a Retry-After date against the answer's Date, not a workstation clock %s",
    async (_, skewMinutes) => {
      const server = Date.parse('2026-11-27T19:30:00Z');
      const response = new Response(null, {
        status: 503,
        headers: {
          Date: new Date(server).toUTCString(),
          'Retry-After': new Date(server + 30_000).toUTCString(),
        },
      });
      const local = server + skewMinutes * 60_000;
      const error = await errorFromResponse(response, 'insights', local);
      expect(error.retryAfterMs).toBe(30_000);
    },
  );

  it('measures a Retry-After date against the workstation clock when the answer has no Date', async () => {
    const response = new Response(null, {
      status: 503,
      headers: { 'Retry-After': 'Sat, 21 Nov 2026 12:00:30 GMT' },
    });
    expect((await errorFromResponse(response, 'insights', now)).retryAfterMs).toBe(30_000);
    const odd = new Response(null, {
      status: 503,
      headers: { Date: 'yesterday', 'Retry-After': 'Sat, 21 Nov 2026 12:00:30 GMT' },
    });
    expect((await errorFromResponse(odd, 'insights', now)).retryAfterMs).toBe(30_000);
  });

  it('keeps the service messages and trace id of a Problem body', async () => {
    const body = {
      Title: 'BadRequest',
      Status: 400,
      Detail: 'first | second',
      Instance: '/api/v2/insights',
      Extensions: { traceId: 'tr-1' },
    };
    const error = await errorFromResponse(
      new Response(JSON.stringify(body), { status: 400 }),
      'insights',
      now,
    );
    expect(error).toMatchObject({
      code: 'rejected',
      status: 400,
      details: ['first', 'second'],
      traceId: 'tr-1',
    });
  });

  it('reads a 401 at sign-in as a refused sign-in, with its message', async () => {
    const response = new Response('{"message":"Invalid credentials"}', { status: 401 });
    expect(await errorFromResponse(response, 'authentication', now)).toEqual({
      code: 'auth_failed',
      status: 401,
      message:
        'The sign-in was refused: check the user name and password saved for this environment.',
      details: ['Invalid credentials'],
    });
  });

  it('reads the authentication failure message', async () => {
    const response = new Response('{"message":"Username or Password is incorrect"}', {
      status: 400,
    });
    expect(await errorFromResponse(response, 'authentication', now)).toMatchObject({
      code: 'auth_failed',
      details: ['Username or Password is incorrect'],
    });
  });

  it.each([
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [429, 'rate_limited'],
    [500, 'server'],
    [502, 'unavailable'],
    [503, 'unavailable'],
    [504, 'unavailable'],
    [418, 'http'],
  ])('maps status %i to %s', async (status, code) => {
    const response = new Response(null, { status, headers: { 'Retry-After': '3' } });
    expect(await errorFromResponse(response, 'insights', now)).toMatchObject({
      code,
      status,
      retryAfterMs: 3000,
    });
  });

  it.each([502, 504])(
    'says a gateway answer %i may have delivered the request: the gateway passed it on',
    async (status) => {
      const error = await errorFromResponse(
        new Response(null, { status }),
        'responsevariables',
        now,
      );
      expect(error.mayHaveArrived).toBe(true);
    },
  );

  it.each([500, 503, 429, 400])('says nothing of arrival for %i', async (status) => {
    const error = await errorFromResponse(new Response(null, { status }), 'responsevariables', now);
    expect(error.mayHaveArrived).toBeUndefined();
  });
});

describe('errorFromException', () => {
  it('says a timeout in the seconds it was, not rounded to another', () => {
    const said = (ms: number) =>
      errorFromException(new Error('aborted'), undefined, true, ms).message;
    expect(said(1500)).toBe('The service did not answer within 1.5 s.');
    expect(said(30_000)).toBe('The service did not answer within 30 s.');
    expect(said(250)).toBe('The service did not answer within 0.25 s.');
    expect(secondsText(1234)).toBe('1.234 s');
  });

  const failed = (code: string) =>
    Object.assign(new TypeError('fetch failed'), {
      cause: Object.assign(new Error('x'), { code }),
    });

  it('says a request may have arrived only when the connection was made', () => {
    const of = (caught: unknown) => errorFromException(caught, undefined, false, 1000);
    expect(of(failed('ECONNREFUSED'))).toEqual({
      code: 'network',
      message: 'Could not reach the service: the connection was refused.',
    });
    expect(of(failed('ENOTFOUND')).mayHaveArrived).toBeUndefined();
    expect(of(new Error('net::ERR_CONNECTION_REFUSED'))).toEqual({
      code: 'network',
      message: 'Could not reach the service: the connection was refused.',
    });
    expect(of(failed('ECONNRESET'))).toEqual({
      code: 'network',
      message:
        'The connection to the service was lost before it answered: the connection was reset.',
      mayHaveArrived: true,
    });
    expect(of(failed('UND_ERR_SOCKET')).mayHaveArrived).toBe(true);
    expect(of(new Error('net::ERR_CONNECTION_RESET')).message).toBe(
      'The connection to the service was lost before it answered: the connection was reset.',
    );
    // This machine's limit of open files, not the network: no connection was opened.
    expect(of(failed('EMFILE'))).toEqual({
      code: 'network',
      message:
        'Could not reach the service: this process ran out of open files, so no connection could be opened (lower the concurrency, or raise the limit of open files: ulimit -n).',
    });
    // A failure the app cannot place: an upload asks before going again, never the other way.
    expect(of(new Error('something else')).mayHaveArrived).toBe(true);
  });

  it("calls the app's own failure its own, not a lost connection, and keeps its text out", () => {
    const of = (caught: unknown) => errorFromException(caught, undefined, false, 1000);
    // JSON.parse quotes the text it failed on, which may hold a token the service echoed.
    const own = new SyntaxError('Unexpected token e in JSON at position 2: "secret-token"');
    const error = of(own);
    expect(error.code).toBe('internal');
    expect(error.message).toBe(
      'The app failed on its own while it talked to the service; the network is not at fault. Try again, and tell support if it happens again.',
    );
    expect(error.mayHaveArrived).toBe(true);
    expect(of(new TypeError("Cannot read properties of undefined (reading 'x')")).code).toBe(
      'internal',
    );
    expect(of('a thrown string').code).toBe('internal');
  });
});
