import { describe, it, expect } from 'vitest';
import { cellFromSheet } from './cell-text';

describe('cellFromSheet', () => {
  it('writes numbers as plain digits and marks them numeric', () => {
    expect(cellFromSheet({ t: 'n', v: 12345678909, w: '1.23E+10', z: '0.00E+00' }, false)).toEqual({
      text: '12345678909',
      numeric: true,
    });
    expect(cellFromSheet({ t: 'n', v: 1.5, z: 'General' }, false)).toEqual({
      text: '1.5',
      numeric: true,
    });
    expect(cellFromSheet({ t: 'n', v: 1234567.891, z: '#,##0.00' }, false)?.text).toBe(
      '1234567.891',
    );
  });

  it('writes an integer under a zero-padded format as Excel shows it', () => {
    expect(cellFromSheet({ t: 'n', v: 123456, z: '000000000' }, false)).toEqual({
      text: '000123456',
      numeric: true,
    });
    expect(cellFromSheet({ t: 'n', v: 1310100, z: '00000\\-000' }, false)).toEqual({
      text: '01310-100',
      numeric: false,
    });
    // A fraction, which Excel would round, and a number that lost digits keep their plain digits.
    expect(cellFromSheet({ t: 'n', v: 12.5, z: '000000000' }, false)?.text).toBe('12.5');
    expect(cellFromSheet({ t: 'n', v: 12345678901234567000, z: '0'.repeat(20) }, false)).toEqual({
      text: '12345678901234567000',
      numeric: true,
      lostDigits: true,
    });
  });

  it('writes date-formatted numbers as ISO dates, with the time when there is one', () => {
    expect(cellFromSheet({ t: 'n', v: 45306, z: 'dd/mm/yyyy' }, false)).toEqual({
      text: '2024-01-15',
      numeric: false,
      date: '15/01/2024',
    });
    expect(cellFromSheet({ t: 'n', v: 45306.75, z: 'dd/mm/yyyy hh:mm' }, false)?.text).toBe(
      '2024-01-15 18:00:00',
    );
    expect(cellFromSheet({ t: 'n', v: 0.5, z: 'hh:mm' }, false)?.text).toBe('12:00:00');
  });

  it('keeps what Excel shows for a date: the format applied to the number', () => {
    expect(cellFromSheet({ t: 'n', v: 45000, z: 'dd/mm/yyyy' }, false)?.date).toBe('15/03/2023');
    expect(cellFromSheet({ t: 'n', v: 45000.5, z: 'mm/dd/yyyy hh:mm' }, false)?.date).toBe(
      '03/15/2023 12:00',
    );
    expect(cellFromSheet({ t: 'n', v: 45000, z: '0' }, false)?.date).toBeUndefined();
    expect(cellFromSheet({ t: 'n', v: 45000 }, false)?.date).toBeUndefined();
  });

  it('follows the 1904 date system', () => {
    expect(cellFromSheet({ t: 'n', v: 43844, z: 'yyyy-mm-dd' }, true)?.text).toBe('2024-01-15');
    expect(cellFromSheet({ t: 'n', v: 43844, z: 'dd/mm/yyyy' }, true)?.date).toBe('15/01/2024');
  });

  it('writes booleans, errors and text', () => {
    expect(cellFromSheet({ t: 'b', v: true }, false)).toEqual({ text: 'TRUE', numeric: false });
    expect(cellFromSheet({ t: 'b', v: false }, false)?.text).toBe('FALSE');
    expect(cellFromSheet({ t: 'e', v: 0x2a }, false)?.text).toBe('#N/A');
    expect(cellFromSheet({ t: 'e', v: 7, w: '#DIV/0!' }, false)?.text).toBe('#DIV/0!');
    expect(cellFromSheet({ t: 's', v: '00123' }, false)).toEqual({ text: '00123', numeric: false });
  });

  it('gives the cached value of a formula, never evaluating it', () => {
    expect(cellFromSheet({ t: 'n', v: 5, f: '1+1' }, false)?.text).toBe('5');
  });

  it('writes ISO date cells in UTC', () => {
    const cell = { t: 'd' as const, v: new Date(Date.UTC(2024, 0, 15)) };
    expect(cellFromSheet(cell, false)?.text).toBe('2024-01-15');
    const noon = { t: 'd' as const, v: new Date(Date.UTC(2024, 0, 15, 12, 30, 5)) };
    expect(cellFromSheet(noon, false)?.text).toBe('2024-01-15 12:30:05');
  });

  it('gives null for empty text, stubs and missing cells', () => {
    expect(cellFromSheet({ t: 's', v: '' }, false)).toBeNull();
    expect(cellFromSheet({ t: 'z' }, false)).toBeNull();
    expect(cellFromSheet({ t: 'n' }, false)).toBeNull();
    expect(cellFromSheet(undefined, false)).toBeNull();
  });
});
