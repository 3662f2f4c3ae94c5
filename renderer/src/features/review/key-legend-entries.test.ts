import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/translate';
import { legendEntries, legendKeysText } from './key-legend-entries';

describe('the key legend', () => {
  it('reads "J or ↓" for alternatives and "Shift+↓" for a chord', () => {
    const t = translate('en');
    const lines = legendEntries(t).map((entry) => `${legendKeysText(entry, t)}: ${entry.text}`);
    expect(lines).toContain('J or ↓: Next row');
    expect(lines).toContain('K or ↑: Previous row');
    expect(lines).toContain('Shift+↓: Extend the selection');
    expect(lines.filter((line) => /J\+|K\+/.test(line))).toEqual([]);
  });

  it('says "ou" in Portuguese', () => {
    const t = translate('pt-BR');
    expect(legendEntries(t).map((entry) => legendKeysText(entry, t))).toContain('J ou ↓');
  });
});
