import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/translate';
import { formatDateTime } from './format';
import { outcomeWhen } from './outcome-when';

const at = '2026-11-26T13:05:09.000Z';

describe('when an outcome was set, and by whom', () => {
  it('gives the time of an outcome set here', () => {
    const time = formatDateTime(at, 'en');
    expect(outcomeWhen(translate('en'), 'en', { outcomeSetAt: at, outcomeSetBy: null })).toBe(
      `set ${time}`,
    );
  });

  it("names the colleague whose change set it, in both languages, with the locale's time", () => {
    const row = { outcomeSetAt: at, outcomeSetBy: 'Bia' };
    expect(outcomeWhen(translate('en'), 'en', row)).toBe(
      `changed by Bia at ${formatDateTime(at, 'en')}`,
    );
    const pt = outcomeWhen(translate('pt-BR'), 'pt-BR', row);
    expect(pt).toBe(`alterado por Bia em ${formatDateTime(at, 'pt-BR')}`);
    // The day comes first in Portuguese: 26/11/2026.
    expect(pt).toMatch(/26\/11\/2026/);
  });

  it('says nothing without a time or an author; the author alone without a time', () => {
    const t = translate('en');
    expect(outcomeWhen(t, 'en', { outcomeSetAt: null, outcomeSetBy: null })).toBeNull();
    expect(outcomeWhen(t, 'en', { outcomeSetAt: null, outcomeSetBy: 'Bia' })).toBe(
      'changed by Bia',
    );
  });

  it('writes a name holding braces as it is, never as a placeholder', () => {
    const row = { outcomeSetAt: at, outcomeSetBy: '{time}' };
    expect(outcomeWhen(translate('en'), 'en', row)).toMatch(/^changed by \{time\} at /);
  });
});
