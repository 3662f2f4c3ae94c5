import { describe, expect, it } from 'vitest';
import { fileStem } from './results-export.handlers';

describe('fileStem', () => {
  it('names export files after the source, without its folder or extension', () => {
    expect(fileStem('pedidos.xlsx')).toBe('pedidos');
    expect(fileStem('C:\\exports\\março 2026.csv')).toBe('março 2026');
    expect(fileStem('/home/ana/lote.final.csv')).toBe('lote.final');
  });

  it('replaces characters no file system takes, and falls back to "batch"', () => {
    expect(fileStem('a<b>c:d"e|f?g*h\u0007.csv')).toBe('a_b_c_d_e_f_g_h_');
    expect(fileStem('.csv')).toBe('batch');
    expect(fileStem('   ')).toBe('batch');
  });

  it('keeps the name of the export file within what file systems take', () => {
    // A 250-character source name made a 263-character export name, refused when written.
    const stem = fileStem(`${'n'.repeat(250)}.xlsx`);
    expect(stem).toBe('n'.repeat(150));
    expect(`${stem}-failed-rows.xlsx`.length).toBeLessThan(255);
  });
});
