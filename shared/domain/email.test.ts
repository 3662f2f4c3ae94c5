import { describe, it, expect } from 'vitest';
import { isEmailFormat } from './email';

describe('isEmailFormat', () => {
  it.each([
    'ana@example.com',
    'ana.maria+fraude@mail.example.com.br',
    'a@b.co',
    'user_1@sub-domain.example.org',
    'x@xn--bcher-kva.de',
  ])('accepts %j', (email) => {
    expect(isEmailFormat(email)).toBe(true);
  });

  it.each([
    ['no @', 'ana.example.com'],
    ['two @', 'ana@@example.com'],
    ['@ inside the domain', 'ana@exa@mple.com'],
    ['empty local part', '@example.com'],
    ['space in the local part', 'ana maria@example.com'],
    ['tab in the local part', 'ana\tmaria@example.com'],
    ['no dot in the domain', 'ana@localhost'],
    ['empty label', 'ana@example..com'],
    ['label starting with a hyphen', 'ana@-example.com'],
    ['label ending with a hyphen', 'ana@example-.com'],
    ['one-letter TLD', 'ana@example.c'],
    ['numeric TLD', 'ana@example.123'],
    ['underscore in the domain', 'ana@exa_mple.com'],
    ['trailing dot', 'ana@example.com.'],
    ['label longer than 63', `ana@${'a'.repeat(64)}.com`],
  ])('refuses %s', (_reason, email) => {
    expect(isEmailFormat(email)).toBe(false);
  });
});
