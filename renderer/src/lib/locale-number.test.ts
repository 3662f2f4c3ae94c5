import { describe, expect, it } from 'vitest';
import { formatLocaleNumber, parseLocaleNumber } from './locale-number';

const score = { min: 0, max: 1 };
const days = { min: 1, max: 3650, integer: true };

describe('parseLocaleNumber', () => {
  it('reads a decimal comma and a decimal point alike', () => {
    expect(parseLocaleNumber('0,8', score)).toEqual({ ok: true, value: 0.8 });
    expect(parseLocaleNumber('0.8', score)).toEqual({ ok: true, value: 0.8 });
    expect(parseLocaleNumber(' ,25 ', score)).toEqual({ ok: true, value: 0.25 });
    expect(parseLocaleNumber('1,', score)).toEqual({ ok: true, value: 1 });
  });

  it('treats an empty field as no value, not as zero', () => {
    expect(parseLocaleNumber('', score)).toEqual({ ok: true, value: null });
    expect(parseLocaleNumber('   ', score)).toEqual({ ok: true, value: null });
  });

  it('refuses text, two marks and thousands separators rather than guessing', () => {
    expect(parseLocaleNumber('abc', score)).toEqual({ ok: false, problem: 'not-a-number' });
    expect(parseLocaleNumber('0,8,1', score)).toEqual({ ok: false, problem: 'not-a-number' });
    expect(parseLocaleNumber('1.000,5', days)).toEqual({ ok: false, problem: 'not-a-number' });
    expect(parseLocaleNumber('1e3', days)).toEqual({ ok: false, problem: 'not-a-number' });
    expect(parseLocaleNumber(',', score)).toEqual({ ok: false, problem: 'not-a-number' });
  });

  it('refuses a number written with thousands separators, which either language reads another way', () => {
    // Portuguese writes a thousand `1.000`; read as a decimal it was 1, and a retention of
    // `1.000` days deleted the history's batches older than one day.
    const rows = { min: 1, max: 1_048_576, integer: true };
    for (const text of ['1.000', '100.000', '1,000', '1.048.576', '-1.000'])
      expect(parseLocaleNumber(text, rows)).toEqual({
        ok: false,
        problem: 'grouped',
        ungrouped: text.replace(/[.,]/g, ''),
      });
    expect(parseLocaleNumber('1.250', { min: 0, max: 5000 })).toMatchObject({ problem: 'grouped' });
    // A leading zero, or another count of digits after the mark, is a decimal.
    expect(parseLocaleNumber('0,875', score)).toEqual({ ok: true, value: 0.875 });
    expect(parseLocaleNumber('1.5', { min: 0, max: 5 })).toEqual({ ok: true, value: 1.5 });
  });

  it('says when a whole number is needed or the value is outside the range', () => {
    expect(parseLocaleNumber('2,5', days)).toEqual({ ok: false, problem: 'not-whole' });
    expect(parseLocaleNumber('30', days)).toEqual({ ok: true, value: 30 });
    expect(parseLocaleNumber('1,5', score)).toEqual({ ok: false, problem: 'out-of-range' });
    expect(parseLocaleNumber('-0,1', score)).toEqual({ ok: false, problem: 'out-of-range' });
    expect(parseLocaleNumber('0', days)).toEqual({ ok: false, problem: 'out-of-range' });
  });
});

describe('formatLocaleNumber', () => {
  it('writes the locale decimal mark and no grouping, so the field parses back', () => {
    expect(formatLocaleNumber(0.5, 'pt-BR')).toBe('0,5');
    expect(formatLocaleNumber(0.5, 'en')).toBe('0.5');
    expect(formatLocaleNumber(10000, 'pt-BR')).toBe('10000');
    expect(parseLocaleNumber(formatLocaleNumber(12.25, 'pt-BR'), { min: 0, max: 100 })).toEqual({
      ok: true,
      value: 12.25,
    });
  });
});
