import { describe, expect, it } from 'vitest';
import { looksLikeData } from './data-like';

describe('looksLikeData', () => {
  it('finds a CPF, with or without punctuation', () => {
    expect(looksLikeData('529.982.247-25')).toBe(true);
    expect(looksLikeData('52998224725')).toBe(true);
    // Wrong check digits are still someone's number as typed.
    expect(looksLikeData('123.456.789-00')).toBe(true);
  });

  it('finds an e-mail, alone or with a name', () => {
    expect(looksLikeData('cliente1@exemplo.com.br')).toBe(true);
    expect(looksLikeData('Ana Souza <ana.souza+loja@gmail.com>')).toBe(true);
  });

  it('finds an e-mail the format check refuses: an accented domain, a trailing dot or colon', () => {
    for (const cell of ['ana@exêmplo.com.br', 'ana@x.com.br.', 'ana@x.com:'])
      expect(looksLikeData(cell), cell).toBe(true);
  });

  it('finds a phone, a CEP and long digit runs', () => {
    expect(looksLikeData('(11) 98001-1001')).toBe(true);
    expect(looksLikeData('+55 11 98765 4321')).toBe(true);
    expect(looksLikeData('01310-100')).toBe(true);
    expect(looksLikeData('01310100')).toBe(true);
    expect(looksLikeData('PED-100001')).toBe(true);
    expect(looksLikeData('1234567890123')).toBe(true);
  });

  it('finds a session-ID-like token', () => {
    expect(looksLikeData('sess-0001-abcdefghijklmnopqrst')).toBe(true);
    expect(looksLikeData('3f2a9c1e-7b4d-4e2a-9f1c-0a1b2c3d4e5f')).toBe(true);
    expect(looksLikeData('a1b2c3d4e5f6a7b8')).toBe(true);
  });

  it('leaves column names alone, in both languages and as systems export them', () => {
    const names = [
      'Pedido',
      'Sessão',
      'CPF',
      'E-mail',
      'Celular',
      'CEP',
      'Valor',
      'ID da transação',
      'session_id',
      'external_transaction_id',
      'customerEmailAddress',
      'Telefone 2',
      'DDD',
      'CEP1',
      'Endereço de e-mail (@)',
      'Data 2024',
      '',
    ];
    for (const name of names) expect(looksLikeData(name), name).toBe(false);
  });
});
