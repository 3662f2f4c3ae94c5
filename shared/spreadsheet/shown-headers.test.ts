import { describe, expect, it } from 'vitest';
import { shownCell, shownHeaders } from './shown-headers';

describe('column names as shown (attack c2)', () => {
  it('are as written in a real header row', () => {
    expect(shownHeaders(['Pedido', 'Sessão', 'CPF', 'Telefone 2', 'Nome do cliente'])).toEqual([
      'Pedido',
      'Sessão',
      'CPF',
      'Telefone 2',
      'Nome do cliente',
    ]);
  });

  it("are masked in their shape when the row is a customer's data (a file without a header row)", () => {
    expect(
      shownHeaders([
        'sess-0001-abcdefghijklmnopqrst',
        'PED-100001',
        '529.982.247-25',
        'maria.silva@example.com',
        '(11) 98765-4321',
        '01310-100',
        'Maria Silva',
        '',
      ]),
    ).toEqual([
      'sess-****-abcdefghijklmnopqrst',
      'PED-******',
      '***.***.***-**',
      'm***@example.com',
      '(**) *****-****',
      '*****-***',
      'M*** S***',
      '',
    ]);
  });

  it('quote a value in place of an outcome as written, unless it looks like data', () => {
    expect(shownCell('Fraude')).toBe('Fraude');
    expect(shownCell('529.982.247-25')).toBe('***.***.***-**');
    expect(shownCell('+55 (11) 98765-4321')).toBe('+** (**) *****-****');
    expect(shownCell('maria.silva@example.com')).toBe('m***@example.com');
  });
});
