import { describe, expect, it } from 'vitest';
import { formatBytes, formatCpf, formatDateTime, formatScore, scoreTitle } from './format';

describe('formatScore', () => {
  it('shows two decimals everywhere, in the locale decimal mark, and a dash for no score', () => {
    expect(formatScore(0.8123, 'en')).toBe('0.81');
    expect(formatScore(0.8123, 'pt-BR')).toBe('0,81');
    expect(formatScore(0.325, 'en')).toBe('0.33');
    expect(formatScore(0.9935, 'en')).toBe('0.99');
    expect(formatScore(1, 'en')).toBe('1.00');
    expect(formatScore(null, 'en')).toBe('–');
  });

  it('keeps the full value for the tooltip', () => {
    expect(scoreTitle(0.9935, 'en')).toBe('0.9935');
    expect(scoreTitle(0.325, 'pt-BR')).toBe('0,325');
    expect(scoreTitle(null, 'en')).toBeUndefined();
  });
});

describe('formatBytes in the renderer', () => {
  it('is the shared binary one, in the analyst language', () => {
    expect(formatBytes(950, 'en')).toBe('950 bytes');
    expect(formatBytes(12_400, 'en')).toBe('12.1 KB');
    expect(formatBytes(12_400, 'pt-BR')).toBe('12,1 KB');
    expect(formatBytes(20 * 1024 * 1024, 'pt-BR')).toBe('20 MB');
  });
});

describe('formatDateTime', () => {
  it('formats a stored time in the locale, and shows an unreadable one as stored', () => {
    const iso = '2024-03-05T14:07:09.000Z';
    expect(formatDateTime(iso, 'pt-BR')).toMatch(/0[456]\/03\/2024/);
    expect(formatDateTime(iso, 'en')).toMatch(/3\/[456]\/24/);
    expect(formatDateTime('not a date', 'en')).toBe('not a date');
  });
});

describe('formatCpf', () => {
  it('punctuates 11 digits and leaves anything else as stored', () => {
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(formatCpf('529.982.247-25')).toBe('529.982.247-25');
    expect(formatCpf('1234')).toBe('1234');
    expect(formatCpf('1234567890x1')).toBe('1234567890x1');
  });
});
