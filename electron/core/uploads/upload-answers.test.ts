import { describe, expect, it } from 'vitest';
import { heldMessage, ledgerOf } from './upload-answers';
import { mayHaveArrivedCodes } from '../store/uploads.repo';
import { errorFromResponse } from '../service/errors';

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

  it.each([502, 504])(
    'keeps a gateway answer %i as one that may have arrived: the gateway passed the file on',
    async (status) => {
      const error = await errorFromResponse(
        new Response(null, { status }),
        'responsevariables',
        Date.now(),
      );
      const line = ledgerOf({ ok: false, error });
      expect(line).toMatchObject({ status: 'failed', httpStatus: status });
      expect(mayHaveArrivedCodes).toContain(line.errorCode);
      expect(line.messages).toContain('The service may have received it.');
    },
  );

  it('keeps a connection never made under its own code: the file surely did not go', () => {
    const line = ledgerOf({ ok: false, error: { code: 'network', message: 'Refused.' } });
    expect(line).toMatchObject({ status: 'failed', errorCode: 'network', messages: ['Refused.'] });
  });
});

describe('heldMessage', () => {
  it("says a colleague's send that stopped without an answer stopped, not that it goes on", () => {
    const at = new Date('2026-11-28T01:00:00Z');
    const line = { externalId: 'tx-1', analyst: 'Bia', at, outcome: 'Suspeito' };
    const live = heldMessage('f.csv', [{ ...line, status: 'sending' }]);
    expect(live.details).toEqual([
      'tx-1: being sent by Bia since 2026-11-28T01:00:00.000Z, or may have arrived',
    ]);
    const dead = heldMessage('f.csv', [{ ...line, status: 'sending', stale: true }]);
    expect(dead.details).toEqual([
      'tx-1: may have arrived (Bia began sending it at 2026-11-28T01:00:00.000Z; the send stopped with no answer)',
    ]);
  });
});
