import fc from 'fast-check';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { paddedFormat, paddedText } from './number-format';

const ssf = XLSX.SSF as { format(code: string, value: number): string };

describe('paddedFormat', () => {
  it('follows zero placeholders and literal text', () => {
    expect(paddedFormat('000000000')).toEqual([9]);
    expect(paddedFormat('"PED-"000000')).toEqual(['PED-', 6]);
    expect(paddedFormat('00000\\-000')).toEqual([5, '-', 3]);
    expect(paddedFormat('00000-000')).toEqual([5, '-', 3]);
    expect(paddedFormat('000"."000"."000"-"00')).toEqual([3, '.', 3, '.', 3, '-', 2]);
  });

  it('leaves any other format, and the plain 0, to the plain digits', () => {
    for (const code of [
      'General',
      '0',
      '@',
      '#,##0',
      '0.00',
      '#000',
      '000;-000',
      '[Red]000',
      '0.00E+00',
      '000%',
      '"open',
      '""',
      'dd/mm/yyyy',
    ])
      expect(paddedFormat(code), code).toBeNull();
  });
});

describe('paddedText', () => {
  it('pads an integer to the placeholders, as Excel shows it', () => {
    const nine = paddedFormat('000000000') ?? [];
    expect(paddedText(nine, 123456)).toBe('000123456');
    expect(paddedText(nine, 7654321)).toBe('007654321');
    expect(paddedText(nine, 1234567890)).toBe('1234567890');
    expect(paddedText(paddedFormat('00000\\-000') ?? [], 1310100)).toBe('01310-100');
    expect(paddedText(paddedFormat('"PED-"000') ?? [], 12345)).toBe('PED-12345');
  });

  it('gives nothing for a fraction, which Excel would round', () => {
    expect(paddedText([9], 123.5)).toBeNull();
  });

  it('agrees with SheetJS formatting, which follows Excel', () => {
    const codes = fc.constantFrom(
      '000000000',
      '00',
      '"PED-"000000',
      '00000\\-000',
      '000"."000"."000"-"00',
      '"("00") "00000"-"0000',
      '\\#0000" A"',
    );
    fc.assert(
      fc.property(codes, fc.integer({ min: -1e9, max: 1e12 }), (code, value) => {
        const format = paddedFormat(code);
        expect(format).not.toBeNull();
        expect(paddedText(format ?? [], value)).toBe(ssf.format(code, value));
      }),
      { numRuns: 1000 },
    );
  });
});
