import { describe, expect, it } from 'vitest';
import { cellHoldsCpf } from './cpf-match';

const cpf = '52998224725';

describe('cellHoldsCpf: a CPF cell stored as typed', () => {
  it.each([
    ['529.982.247\u201325', 'an en dash'],
    ['52998224725\u200b', 'an invisible character'],
    ['CPF 529.982.247-25', 'a word before it'],
    ['52998224725(2)', 'a number after it'],
    ['529.982.247-25 / 111.444.777-35', 'two CPFs'],
    ['529.982.247-25 111.444.777-35', 'two CPFs apart by a space'],
    ['5299822472511144477735', 'two CPFs whose separators were dropped at import'],
    ['1114447773552998224725', 'the CPF second of two'],
    ['529 982 247 25', 'spaces between its groups'],
  ])('holds the CPF: %s (%s)', (cell) => {
    expect(cellHoldsCpf(cell, cpf)).toBe(true);
  });

  it.each([
    ['111.444.777-35', 'another CPF'],
    ['529982247250', 'twelve digits the CPF starts'],
    ['1529982247251', 'digits the CPF is inside of'],
    ['52998224', 'part of it'],
    ['', 'nothing'],
  ])('does not hold it: %s (%s)', (cell) => {
    expect(cellHoldsCpf(cell, cpf)).toBe(false);
  });
});
