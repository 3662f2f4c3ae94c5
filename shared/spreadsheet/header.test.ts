import { describe, it, expect } from 'vitest';
import { detectHeaderRow, headerTexts } from './header';
import type { Cell } from './types';

const row = (...texts: Array<string | null>): Cell[] =>
  texts.map((text) => (text === null ? null : { text, numeric: false }));

describe('detectHeaderRow', () => {
  it('finds the header below a title and blank rows', () => {
    const rows = [
      row('Relatório de transações – março'),
      [],
      row('Gerado em', '01/03/2024'),
      row('Pedido', 'ID da Sessão', 'CPF', 'E-mail'),
      row('PED-1', 'sess', '123', 'a@b.c'),
    ];
    expect(detectHeaderRow(rows)).toBe(3);
  });

  it('prefers the row naming the most fields, the earliest on a tie', () => {
    const rows = [row('Pedido'), row('Pedido', 'CPF'), row('CPF', 'Pedido')];
    expect(detectHeaderRow(rows)).toBe(1);
  });

  it('counts each field once per row', () => {
    const rows = [row('Telefone', 'Celular', 'Fone'), row('Pedido', 'CPF')];
    expect(detectHeaderRow(rows)).toBe(1);
  });

  it('ignores numeric cells', () => {
    const rows: Cell[][] = [[{ text: 'CPF', numeric: true }], row('Nome')];
    expect(detectHeaderRow(rows)).toBe(0);
  });

  it('looks at the first 20 rows only', () => {
    const rows = [...Array.from({ length: 20 }, () => row('x')), row('Pedido', 'CPF')];
    expect(detectHeaderRow(rows)).toBe(0);
  });

  it('falls back to the first non-empty row, or 0', () => {
    expect(detectHeaderRow([[], [], row('Nome', 'Valor'), row('a', '1')])).toBe(2);
    expect(detectHeaderRow([[], []])).toBe(0);
    expect(detectHeaderRow([])).toBe(0);
  });
});

describe('headerTexts', () => {
  it('gives trimmed texts with empty cells as empty strings', () => {
    expect(headerTexts([[], row(' CPF ', null, 'Pedido')], 1)).toEqual(['CPF', '', 'Pedido']);
    expect(headerTexts([], 3)).toEqual([]);
  });
});
