import { describe, expect, it } from 'vitest';
import { phoneCodesConflict } from './phone-codes';

describe('phoneCodesConflict', () => {
  it('says codes that contradict the ones the phone states, naming the flags only', () => {
    expect(phoneCodesConflict('+55 (11) 98765-4321', '1', '212')).toBe(
      '--phone gives the country code and the area code, and --country-code and --city-code give others: give each in one place.',
    );
    expect(phoneCodesConflict('(11) 98765-4321', undefined, '21')).toBe(
      '--phone gives the area code, and --city-code gives another: give each in one place.',
    );
  });

  it('takes codes the phone does not state, or states alike however they are written', () => {
    expect(phoneCodesConflict('98765-4321', '55', '11')).toBeNull();
    expect(phoneCodesConflict('(11) 98765-4321', '+55', undefined)).toBeNull();
    expect(phoneCodesConflict('+55 (011) 98765-4321', '55', '(11)')).toBeNull();
    expect(phoneCodesConflict('+55 11 98765-4321', undefined, '011')).toBeNull();
    expect(phoneCodesConflict(undefined, '1', '212')).toBeNull();
    expect(phoneCodesConflict('not a phone', '1', '212')).toBeNull();
  });
});
