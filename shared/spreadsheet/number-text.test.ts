import { describe, it, expect } from 'vitest';
import { numberToText } from './number-text';

describe('numberToText', () => {
  it('writes IDs and CPFs stored as numbers as all their digits', () => {
    expect(numberToText(12345678909)).toBe('12345678909');
    expect(numberToText(5511987654321)).toBe('5511987654321');
    expect(numberToText(1234567890)).toBe('1234567890');
  });

  it('writes decimals in the shortest form that reads back the same', () => {
    expect(numberToText(1.5)).toBe('1.5');
    expect(numberToText(-0.25)).toBe('-0.25');
    expect(numberToText(0.1 + 0.2)).toBe('0.30000000000000004');
  });

  it('never writes an exponent', () => {
    expect(numberToText(1e21)).toBe('1000000000000000000000');
    expect(numberToText(1.5e22)).toBe('15000000000000000000000');
    expect(numberToText(-2.5e21)).toBe('-2500000000000000000000');
    expect(numberToText(1.5e-7)).toBe('0.00000015');
    expect(numberToText(1e-7)).toBe('0.0000001');
    expect(numberToText(-1.25e-8)).toBe('-0.0000000125');
  });

  it('writes zero without a sign and keeps the names of non-finite numbers', () => {
    expect(numberToText(-0)).toBe('0');
    expect(numberToText(0)).toBe('0');
    expect(numberToText(Number.NaN)).toBe('NaN');
    expect(numberToText(-Infinity)).toBe('-Infinity');
  });
});
