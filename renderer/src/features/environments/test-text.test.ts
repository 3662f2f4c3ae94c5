import { describe, expect, it } from 'vitest';
import type { ConnectionTest } from '../../../../shared/contract/views';
import { translate } from '../../i18n/translate';
import { connectionTestText } from './test-text';

// Noon UTC: the same day in every time zone a workstation of the service is in.
const test: ConnectionTest = {
  environment: 'test',
  elapsedMs: 120,
  expiresAt: Date.parse('2026-11-28T12:00:00.000Z'),
  expirySource: 'capped',
  signedIn: true,
};

describe('the sentence of a successful Test connection', () => {
  it('gives the expiry with its date, in the app language, whatever the system locale', () => {
    const en = connectionTestText(translate('en'), 'en', test);
    expect(en).toMatch(/^Connected in 120 ms\. The token expires at 11\/28\/26, /);
    const pt = connectionTestText(translate('pt-BR'), 'pt-BR', test);
    expect(pt).toMatch(/^Conectado em 120 ms\. O token expira em 28\/11\/2026, \d\d:00:00 \(/);
    expect(pt).not.toMatch(/AM|PM/);
  });

  it('says a valid token held was kept, without a new sign-in, in both languages', () => {
    const held = { ...test, signedIn: false };
    const en = connectionTestText(translate('en'), 'en', held);
    expect(en).toMatch(/^Connected: the token already held is still valid until 11\/28\/26, /);
    expect(en).toContain('so no new sign-in was made');
    const pt = connectionTestText(translate('pt-BR'), 'pt-BR', held);
    expect(pt).toMatch(/^Conectado: o token atual continua válido até 28\/11\/2026, /);
    expect(pt).toContain('não foi feito um novo login');
  });
});
