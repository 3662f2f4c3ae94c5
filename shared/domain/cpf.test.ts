import { describe, it, expect } from 'vitest';
import { cpfProblem, isValidCpf, normaliseCpf } from './cpf';

describe('normaliseCpf', () => {
  it('strips dots, dashes, slashes and spaces', () => {
    expect(normaliseCpf(' 529.982.247-25 ')).toBe('52998224725');
    expect(normaliseCpf('529 982 247/25')).toBe('52998224725');
  });

  it('keeps other characters so that the format problem can be reported', () => {
    expect(normaliseCpf('529.982.247-2a')).toBe('5299822472a');
    expect(normaliseCpf('CPF 529.982.247-25')).toBe('CPF52998224725');
  });
});

describe('cpfProblem', () => {
  it('accepts known-valid numbers', () => {
    expect(cpfProblem('52998224725')).toBeNull();
    expect(cpfProblem('11144477735')).toBeNull();
    expect(cpfProblem('12345678909')).toBeNull();
  });

  it('accepts a number whose check digit arithmetic gives 10, written as 0', () => {
    // 123.456.789-09: the first check digit is (210 × 10) mod 11 = 10 → 0.
    expect(cpfProblem('12345678909')).toBeNull();
    expect(cpfProblem('12345678919')).toBe('check_digits');
  });

  it('refuses a wrong first or second check digit', () => {
    expect(cpfProblem('52998224735')).toBe('check_digits');
    expect(cpfProblem('52998224724')).toBe('check_digits');
  });

  it('refuses every sequence of one repeated digit', () => {
    for (let digit = 0; digit <= 9; digit += 1) {
      expect(cpfProblem(String(digit).repeat(11))).toBe('repeated_digits');
    }
  });

  it('refuses 10 and 12 digits, and nothing at all, as a length problem', () => {
    expect(cpfProblem('5299822472')).toBe('length');
    expect(cpfProblem('529982247250')).toBe('length');
    expect(cpfProblem('')).toBe('length');
  });

  it('refuses characters other than digits as a format problem, before length', () => {
    expect(cpfProblem('5299822472a')).toBe('format');
    expect(cpfProblem('abc')).toBe('format');
    expect(cpfProblem('529.982.247-25')).toBe('format');
  });
});

describe('isValidCpf', () => {
  it('accepts formatted and bare valid numbers', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('111.444.777-35')).toBe(true);
    expect(isValidCpf('11144477735')).toBe(true);
  });

  it('refuses invalid ones', () => {
    expect(isValidCpf('111.444.777-36')).toBe(false);
    expect(isValidCpf('000.000.000-00')).toBe(false);
    expect(isValidCpf('999.999.999-99')).toBe(false);
    expect(isValidCpf('529.982.247-2')).toBe(false);
  });
});
