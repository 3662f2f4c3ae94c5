import { describe, it, expect } from 'vitest';
import { maskCpf, maskEmail, maskName, maskPhone } from './mask';

describe('maskCpf', () => {
  it('shows only the middle six digits', () => {
    expect(maskCpf('12345678909')).toBe('***.456.789-**');
    expect(maskCpf('529.982.247-25')).toBe('***.982.247-**');
  });

  it('masks everything when the value is not 11 digits', () => {
    expect(maskCpf('5299822472')).toBe('***.***.***-**');
    expect(maskCpf('52998224a25')).toBe('***.***.***-**');
    expect(maskCpf('')).toBe('***.***.***-**');
  });
});

describe('maskEmail', () => {
  it('keeps the first character of the local part and the domain', () => {
    expect(maskEmail('john.doe@example.com')).toBe('j***@example.com');
    expect(maskEmail(' ana+tag@mail.com.br ')).toBe('a***@mail.com.br');
  });

  it('masks text without an @ entirely', () => {
    expect(maskEmail('not-an-email')).toBe('***');
    expect(maskEmail('@example.com')).toBe('***@example.com');
  });
});

describe('maskPhone', () => {
  it('keeps the last four digits', () => {
    expect(maskPhone('+55 (11) 98765-4321')).toBe('***4321');
    expect(maskPhone({ countryCode: '55', cityCode: '11', number: '987654321' })).toBe('***4321');
  });

  it('masks four digits or fewer entirely', () => {
    expect(maskPhone('4321')).toBe('***');
    expect(maskPhone('')).toBe('***');
  });
});

describe('maskName', () => {
  it('keeps the first letter of each word', () => {
    expect(maskName('Maria Conceição')).toBe('M*** C***');
    expect(maskName('  Élida   da Silva ')).toBe('É*** d*** S***');
    expect(maskName('')).toBe('***');
  });
});
