import { describe, expect, it } from 'vitest';
import { pairedBars } from './svg';

const axes = {
  x: { label: 'Score', tick: (t: number) => t.toFixed(2) },
  y: { label: 'Cases', tick: (count: number) => String(count) },
};

/** The y tick labels, top to bottom, with the height of the gridline beside each. */
function yTicks(svg: string): Array<{ label: string; line: string }> {
  const found = [
    ...svg.matchAll(
      /<text x="64" y="([\d.]+)" text-anchor="end">([^<]*)<\/text><line[^>]*y1="([\d.]+)"/g,
    ),
  ];
  return found.map((match) => ({ label: match[2] ?? '', line: match[3] ?? '' }));
}

describe('pairedBars (the exported page’s histogram)', () => {
  it('labels each gridline with the whole count it stands for', () => {
    const svg = pairedBars('Scores', [{ label: '0–0.1', a: 7, b: 3 }], axes);
    expect(yTicks(svg).map((tick) => tick.label)).toEqual(['0', '2', '4', '6', '8']);
    // The bar of 7 reaches 7/8 of the axis, below the gridline of 8.
    const bar =
      /<rect x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="([\d.]+)" class="series-a">/.exec(svg);
    const [bottom, top] = [yTicks(svg)[0]?.line, yTicks(svg).at(-1)?.line].map(Number);
    expect(Number(bar?.[2])).toBeCloseTo((((bottom ?? 0) - (top ?? 0)) * 7) / 8, 0);
  });
});
