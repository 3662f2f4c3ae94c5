import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './intl-formats';

describe('formatters made once', () => {
  it('gives the same formatter for the same locale and options, another for others', () => {
    expect(numberFormat('pt-BR')).toBe(numberFormat('pt-BR'));
    expect(numberFormat('pt-BR', { notation: 'compact' })).toBe(
      numberFormat('pt-BR', { notation: 'compact' }),
    );
    expect(numberFormat('pt-BR', { notation: 'compact' })).not.toBe(numberFormat('pt-BR'));
    expect(numberFormat('en').format(1234.5)).toBe('1,234.5');
    expect(numberFormat('pt-BR').format(1234.5)).toBe('1.234,5');
    const short = { dateStyle: 'short', timeStyle: 'medium' } as const;
    expect(dateTimeFormat('en', short)).toBe(dateTimeFormat('en', { ...short }));
    expect(dateTimeFormat('en', short)).not.toBe(dateTimeFormat('pt-BR', short));
  });
});
