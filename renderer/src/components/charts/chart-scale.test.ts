import { describe, expect, it } from 'vitest';
import { barLength, countAxis, scoreBinLabels } from './chart-scale';

describe('countAxis', () => {
  it('steps by 1, 2 or 5 times a power of ten, topped just above the largest count', () => {
    expect(countAxis(27)).toEqual({ top: 30, ticks: [0, 10, 20, 30] });
    expect(countAxis(8)).toEqual({ top: 8, ticks: [0, 2, 4, 6, 8] });
    expect(countAxis(268).top).toBe(300);
    expect(countAxis(100_000)).toEqual({ top: 100_000, ticks: [0, 50_000, 100_000] });
  });

  it('never draws a fraction of a row or an empty axis', () => {
    expect(countAxis(0)).toEqual({ top: 1, ticks: [0, 1] });
    expect(countAxis(3)).toEqual({ top: 3, ticks: [0, 1, 2, 3] });
    expect(countAxis(Number.NaN).top).toBe(1);
  });
});

describe('barLength', () => {
  it('scales to the axis, never beyond, and shows the smallest count', () => {
    expect(barLength(50, 100, 200)).toBe(100);
    expect(barLength(0, 100, 200)).toBe(0);
    expect(barLength(1, 100_000, 200)).toBe(1);
    expect(barLength(300, 100, 200)).toBe(200);
    expect(barLength(5, 0, 200)).toBe(0);
  });
});

describe('scoreBinLabels', () => {
  it('names the ten score bins in the locale', () => {
    const pt = scoreBinLabels('pt-BR');
    expect(pt).toHaveLength(10);
    expect(pt[0]).toBe('0,0–0,1');
    expect(scoreBinLabels('en')[9]).toBe('0.9–1.0');
  });
});
