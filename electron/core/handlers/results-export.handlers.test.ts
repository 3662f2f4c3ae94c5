import { afterEach, describe, expect, it, vi } from 'vitest';
import { exportProgress, fileStem } from './results-export.handlers';

afterEach(() => vi.useRealTimers());

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

describe('exportProgress', () => {
  it('keeps telling progress when the wall clock is set back', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const told: number[] = [];
    const progress = exportProgress(10_000, (done) => told.push(done));
    vi.setSystemTime(Date.now() - 10 * 60_000);
    // Past the interval on a clock that never goes back; ten minutes before it on the wall's.
    await new Promise((resolve) => setTimeout(resolve, 600));
    progress.wrote(1000);
    expect(told).toEqual([0, 1000]);
  });
});
