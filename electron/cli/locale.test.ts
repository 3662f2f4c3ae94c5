import { describe, expect, it } from 'vitest';
import { localeOf } from './locale';

describe('localeOf', () => {
  it('reads LC_ALL, then LC_MESSAGES, then LANG', () => {
    expect(localeOf({ LC_ALL: 'pt_BR.UTF-8', LANG: 'en_US.UTF-8' })).toBe('pt-BR');
    expect(localeOf({ LC_MESSAGES: 'pt_BR.UTF-8', LANG: 'en_US.UTF-8' })).toBe('pt-BR');
    expect(localeOf({ LC_ALL: 'C', LC_MESSAGES: 'pt_BR.UTF-8' })).toBe('en-US');
    expect(localeOf({ LANG: 'pt_BR.UTF-8' })).toBe('pt-BR');
    expect(localeOf({})).toBe('en-US');
  });

  it('takes an empty variable as unset, as POSIX says', () => {
    expect(localeOf({ LC_ALL: '', LANG: 'pt_BR.UTF-8' })).toBe('pt-BR');
    expect(localeOf({ LC_ALL: '', LC_MESSAGES: '', LANG: 'pt_BR.UTF-8' })).toBe('pt-BR');
  });
});
