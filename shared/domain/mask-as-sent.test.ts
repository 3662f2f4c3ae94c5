import { describe, expect, it } from 'vitest';
import { maskCpfAsSent, maskPhoneAsSent, maskZipAsSent } from './mask-as-sent';

describe('masks in the value’s own shape', () => {
  it('keeps the CPF’s middle six digits where they are, digits only or formatted', () => {
    expect(maskCpfAsSent('45208021803')).toBe('***080218**');
    expect(maskCpfAsSent('452.080.218-03')).toBe('***.080.218-**');
  });

  it('keeps the CEP’s first five digits, and the phone number’s last four', () => {
    expect(maskZipAsSent('01299761')).toBe('01299***');
    expect(maskZipAsSent('01299-761')).toBe('01299-***');
    expect(maskPhoneAsSent('987654321')).toBe('*****4321');
    expect(maskPhoneAsSent('(11) 98765-4321')).toBe('(**) *****-4321');
  });

  it('masks every letter and digit of a value that is not what its field holds', () => {
    expect(maskCpfAsSent('1234567890')).toBe('**********');
    expect(maskCpfAsSent('abc.def')).toBe('***.***');
    expect(maskZipAsSent('01310')).toBe('*****');
    expect(maskPhoneAsSent('4321')).toBe('****');
    expect(maskPhoneAsSent('fone 98765-4321')).toBe('**** *****-4321');
  });
});
