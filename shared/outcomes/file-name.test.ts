import { describe, expect, it } from 'vitest';
import { responseFileName } from './file-name';

describe('responseFileName', () => {
  const date = new Date(2025, 2, 7, 9, 5, 59);

  it('stamps the local date and time to the minute', () => {
    expect(responseFileName(date)).toBe('variaveis-resposta-20250307-0905');
    expect(responseFileName(new Date(2025, 11, 31, 23, 59))).toBe(
      'variaveis-resposta-20251231-2359',
    );
  });

  it('puts a safe form of the label before the stamp', () => {
    expect(responseFileName(date, 'homologação')).toBe(
      'variaveis-resposta-homologacao-20250307-0905',
    );
    expect(responseFileName(date, ' Lote 12/03: Março ')).toBe(
      'variaveis-resposta-lote-12-03-marco-20250307-0905',
    );
    expect(responseFileName(date, 'x'.repeat(80))).toBe(
      `variaveis-resposta-${'x'.repeat(40)}-20250307-0905`,
    );
  });

  it('leaves out a label with nothing usable', () => {
    expect(responseFileName(date, '')).toBe('variaveis-resposta-20250307-0905');
    expect(responseFileName(date, '/// ***')).toBe('variaveis-resposta-20250307-0905');
  });
});
