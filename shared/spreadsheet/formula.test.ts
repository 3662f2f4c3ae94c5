import { describe, expect, it } from 'vitest';
import { withoutFormulaGuard } from './formula';
import { parseCsv } from './csv';
import { csvRow, neutraliseFormula } from './write';

describe('withoutFormulaGuard', () => {
  it('undoes exactly what the CSV guard did, for every start it guards', () => {
    for (const text of [
      '-1234567',
      '+5511987654321',
      '=1+1',
      '@SUM(1+1)',
      '\tx',
      '\rx',
      '\t=1',
      "pedido;=cmd|' /C calc'!A0;",
      'a,-1;+2',
      'a;"=1+1"',
      'PED-1',
      '',
      "'",
    ]) {
      expect(withoutFormulaGuard(neutraliseFormula(text))).toBe(text);
    }
  });

  it('gives back through a CSV file what the export wrote, an Excel ="…" text form included', () => {
    for (const text of ['="0001234567"', '=1+1', '-5', '="a""b"', 'pedido;=1+1', 'a,"-5']) {
      const written = csvRow([text], { separator: ';' });
      const cell = parseCsv(written, ';').rows[0]?.[0];
      expect(withoutFormulaGuard(cell?.text ?? '')).toBe(text);
    }
  });

  it('leaves any other quote as written', () => {
    expect(withoutFormulaGuard("'0123")).toBe("'0123");
    expect(withoutFormulaGuard("''-1")).toBe("''-1");
    expect(withoutFormulaGuard(" '-1")).toBe(" '-1");
  });
});
