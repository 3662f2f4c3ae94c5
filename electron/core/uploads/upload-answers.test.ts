import { describe, expect, it } from 'vitest';
import { ledgerOf } from './upload-answers';
import { mayHaveArrivedCodes } from '../store/uploads.repo';

describe('ledgerOf', () => {
  it('keeps a file that may have arrived under a code the re-send guard asks about', () => {
    const failedWith = (code: 'network' | 'internal' | 'timeout') =>
      ledgerOf({ ok: false, error: { code, message: 'It failed.', mayHaveArrived: true } });
    for (const code of ['network', 'internal', 'timeout'] as const) {
      const line = failedWith(code);
      expect(line.status).toBe('failed');
      expect(mayHaveArrivedCodes).toContain(line.errorCode);
      expect(line.messages).toEqual(['It failed.', 'The service may have received it.']);
    }
  });

  it('keeps a connection never made under its own code: the file surely did not go', () => {
    const line = ledgerOf({ ok: false, error: { code: 'network', message: 'Refused.' } });
    expect(line).toMatchObject({ status: 'failed', errorCode: 'network', messages: ['Refused.'] });
  });
});
