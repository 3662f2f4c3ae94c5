import { describe, it, expect } from 'vitest';
import { parseAuthFailureMessage, parseProblem } from './problem';

describe('parseProblem', () => {
  it('reads the documented record and splits Detail on " | "', () => {
    expect(
      parseProblem({
        Title: 'BadRequest',
        Status: 400,
        Detail: 'SessionID is required | Email is invalid |  | CPF is invalid ',
        Instance: '/api/v2/insights',
        Extensions: { traceId: '00-abc-01' },
      }),
    ).toEqual({
      title: 'BadRequest',
      status: 400,
      detail: 'SessionID is required | Email is invalid |  | CPF is invalid ',
      messages: ['SessionID is required', 'Email is invalid', 'CPF is invalid'],
      instance: '/api/v2/insights',
      traceId: '00-abc-01',
    });
  });

  it('splits only on " | ", so a bare "|" inside a message stays', () => {
    expect(parseProblem({ Detail: 'Kind must be a|b | Email is invalid' })?.messages).toEqual([
      'Kind must be a|b',
      'Email is invalid',
    ]);
  });

  it('reads lower-case keys, a status as text and a top-level traceId', () => {
    expect(
      parseProblem({
        title: 'Internal Server Error',
        status: '500',
        detail: 'boom',
        traceId: 't-1',
      }),
    ).toEqual({
      title: 'Internal Server Error',
      status: 500,
      detail: 'boom',
      messages: ['boom'],
      instance: null,
      traceId: 't-1',
    });
  });

  it('prefers extensions.traceId to a top-level one', () => {
    expect(parseProblem({ extensions: { TraceId: 'inner' }, traceId: 'outer' })?.traceId).toBe(
      'inner',
    );
  });

  it('flattens an ASP.NET errors object when there is no Detail', () => {
    const problem = parseProblem({
      type: 'https://tools.ietf.org/html/rfc7231#section-6.5.1',
      title: 'One or more validation errors occurred.',
      status: 400,
      errors: { Email: ['The Email field is required.', 'Too short.'], cpf: 'Invalid CPF.' },
      traceId: '00-def-00',
    });
    expect(problem?.messages).toEqual([
      'The Email field is required.',
      'Too short.',
      'Invalid CPF.',
    ]);
    expect(problem?.detail).toBeNull();
  });

  it('gives no messages when there is neither Detail nor errors', () => {
    expect(parseProblem({ Title: 'NotFound', Status: 404 })?.messages).toEqual([]);
  });

  it('is null when the body is not an object or has none of the keys', () => {
    expect(parseProblem(null)).toBeNull();
    expect(parseProblem('Bad Request')).toBeNull();
    expect(parseProblem([{ title: 'x' }])).toBeNull();
    expect(parseProblem({ message: 'Username or Password is incorrect' })).toBeNull();
    expect(parseProblem({})).toBeNull();
  });
});

describe('parseAuthFailureMessage', () => {
  it('reads message or Message', () => {
    expect(parseAuthFailureMessage({ message: 'Username or Password is incorrect' })).toBe(
      'Username or Password is incorrect',
    );
    expect(parseAuthFailureMessage({ Message: 'Locked' })).toBe('Locked');
  });

  it('is null otherwise', () => {
    expect(parseAuthFailureMessage({ message: '  ' })).toBeNull();
    expect(parseAuthFailureMessage({ message: 42 })).toBeNull();
    expect(parseAuthFailureMessage({ error: 'x' })).toBeNull();
    expect(parseAuthFailureMessage('Username or Password is incorrect')).toBeNull();
    expect(parseAuthFailureMessage(null)).toBeNull();
  });
});
