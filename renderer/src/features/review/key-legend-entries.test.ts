import { describe, expect, it } from 'vitest';
import { messages, type MessageKey } from '../../i18n/messages';
import { legendEntries, legendKeysText } from './key-legend-entries';

const translate =
  (locale: 'en' | 'pt-BR') => (key: MessageKey, params?: Record<string, string | number>) =>
    messages[locale][key].replace(/\{(\w+)\}/g, (_, name: string) => String(params?.[name]));

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
