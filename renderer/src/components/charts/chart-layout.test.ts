import { describe, expect, it } from 'vitest';
import { columnLayout, rowLayout } from './chart-layout';
import type { ChartBox } from './use-chart-box';

/** A box whose glyphs are each 0.6 of the font wide, as a plain sans-serif's digits nearly are. */
const box = (width: number, font: number): ChartBox => ({
  width,
  font,
  measure: (text) => text.length * font * 0.6,
});
const bins = Array.from({ length: 10 }, (_, i) => `0,${String(i)}–0,${String(i + 1)}`);

describe('columnLayout', () => {
  it('keeps labels level where each fits its slot', () => {
    const layout = columnLayout(box(600, 15), ['Low', 'High'], ['3', '4'], ['0', '5']);
    expect(layout.upright).toBe(false);
    expect(layout.margin.bottom).toBeLessThan(40);
  });

  it('turns the labels upright, with room below for the widest, where they would collide', () => {
    const layout = columnLayout(box(440, 15), bins, bins.map(String), ['0', '10']);
    expect(layout.upright).toBe(true);
    expect(layout.margin.bottom).toBeGreaterThanOrEqual(7 * 15 * 0.6);
    expect(layout.height).toBe(
      Math.ceil(layout.margin.top + layout.plotHeight + layout.margin.bottom),
    );
  });

  it('makes room on the left for the widest tick label, and grows with the font', () => {
    const small = columnLayout(box(440, 10), ['a'], ['1'], ['0', '1 000']);
    const large = columnLayout(box(440, 20), ['a'], ['1'], ['0', '1 000']);
    expect(small.margin.left).toBeGreaterThanOrEqual(5 * 10 * 0.6);
    expect(large.margin.left).toBeGreaterThanOrEqual(5 * 20 * 0.6);
    expect(large.plotHeight).toBeGreaterThan(small.plotHeight);
  });
});

describe('rowLayout', () => {
  it('puts the widest label, the bars and the widest count inside the width', () => {
    const layout = rowLayout(box(300, 15), ['Fraude Confirmada', 'Suspeito'], ['12', '1 234']);
    expect(layout.labelWidth).toBeGreaterThanOrEqual(17 * 15 * 0.6);
    const end = layout.labelWidth + layout.plotWidth + layout.gap / 2 + 5 * 15 * 0.6;
    expect(end).toBeLessThanOrEqual(300);
    expect(layout.rowHeight).toBeGreaterThan(15);
  });
});
