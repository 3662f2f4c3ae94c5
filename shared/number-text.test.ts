import { describe, expect, it } from 'vitest';
import { readNumberText } from './number-text';

describe('readNumberText', () => {
  it('reads one decimal mark of either kind, and a sign', () => {
    expect(readNumberText('2,5')).toEqual({ ok: true, value: 2.5 });
    expect(readNumberText('.5')).toEqual({ ok: true, value: 0.5 });
    expect(readNumberText('+5')).toEqual({ ok: true, value: 5 });
    expect(readNumberText('05', { integer: true })).toEqual({ ok: true, value: 5 });
  });

  it('names a thousands separator of any kind, a space included', () => {
    for (const text of ['1.000', '1,000', '1 000', '1\u00a0000', '1\u202f048\u202f576'])
      expect(readNumberText(text)).toMatchObject({ ok: false, problem: 'grouped' });
    expect(readNumberText('1 000')).toMatchObject({ ungrouped: '1000' });
  });

  it('refuses what is not plainly a number', () => {
    for (const text of ['0x10', '1e2', 'Infinity', '１２', '٣', '1,2,3', '', ' '])
      expect(readNumberText(text)).toEqual({ ok: false, problem: 'not-a-number' });
    expect(readNumberText('2.5', { integer: true })).toEqual({ ok: false, problem: 'not-whole' });
  });
});
