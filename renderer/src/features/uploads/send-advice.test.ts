import { describe, expect, it } from 'vitest';
import type { UploadView } from '../../../../shared/contract/outcomes';
import { sendAdvice } from './send-advice';

const line = (extra: Partial<UploadView>): UploadView => ({
  id: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
  fileName: 'r.csv',
  kind: 'csv',
  rows: 1,
  sha256: 'a'.repeat(64),
  environment: 'test',
  status: 'failed',
  httpStatus: null,
  messages: ['Could not reach the service: the connection was refused.'],
  answer: null,
  resentFrom: null,
  analyst: null,
  traceId: null,
  mayHaveArrived: false,
  ...extra,
});

describe('sendAdvice', () => {
  it('asks to fix the file only when the service refused the file', () => {
    expect(sendAdvice(line({ status: 'refused', httpStatus: 400 }), null)).toBe('fixFile');
    expect(
      sendAdvice(line({ httpStatus: 413 }), { code: 'http', message: 'Too large', status: 413 }),
    ).toBe('fixFile');
  });

  it('asks to try again later after a network or service failure, never to fix the file', () => {
    const refused = { code: 'network' as const, message: 'the connection was refused' };
    expect(sendAdvice(line({}), refused)).toBe('tryLater');
    expect(
      sendAdvice(line({ httpStatus: 500 }), { code: 'server', message: 'x', status: 500 }),
    ).toBe('tryLater');
    expect(sendAdvice(line({ httpStatus: 503 }), null)).toBe('tryLater');
  });

  it('says a file that went out with no answer may have arrived, whatever the code (attack e3)', () => {
    const reset = { code: 'network' as const, message: 'reset', mayHaveArrived: true };
    expect(sendAdvice(line({}), reset)).toBe('mayHaveArrived');
    expect(sendAdvice(line({}), { code: 'internal', message: 'x', mayHaveArrived: true })).toBe(
      'mayHaveArrived',
    );
    const gateway = { code: 'unavailable' as const, message: 'x', status: 504 };
    expect(sendAdvice(line({ httpStatus: 504, mayHaveArrived: true }), gateway)).toBe(
      'mayHaveArrived',
    );
    // A line read back from the ledger, with no error at hand.
    expect(sendAdvice(line({ httpStatus: 502, mayHaveArrived: true }), null)).toBe(
      'mayHaveArrived',
    );
  });

  it('says a timed-out send may have arrived, and points refused credentials to them', () => {
    expect(sendAdvice(line({}), { code: 'timeout', message: 'x' })).toBe('mayHaveArrived');
    expect(sendAdvice(line({ httpStatus: 401 }), { code: 'unauthorized', message: 'x' })).toBe(
      'credentials',
    );
  });
});
