import { describe, expect, it } from 'vitest';
import { placeCard, tourGap, tourMargin } from './tour-position';

const viewport = { width: 1280, height: 800 };
const card = { width: 360, height: 200 };

describe('placeCard', () => {
  it('centres the card under a button in the middle of the window, the arrow at its centre', () => {
    const target = { top: 10, left: 500, width: 100, height: 30 };
    expect(placeCard(target, card, viewport)).toEqual({
      top: 40 + tourGap,
      left: 550 - 180,
      side: 'below',
      arrowLeft: 180,
    });
  });

  it('keeps the card inside the window near its edges, the arrow still on the button', () => {
    const first = placeCard({ top: 10, left: 20, width: 80, height: 30 }, card, viewport);
    expect(first.left).toBe(tourMargin);
    expect(first.arrowLeft).toBe(60 - tourMargin);
    const last = placeCard({ top: 10, left: 1220, width: 50, height: 30 }, card, viewport);
    expect(last.left).toBe(1280 - 360 - tourMargin);
    expect(last.arrowLeft).toBe(1245 - last.left);
  });

  it('goes above a target near the bottom of the window', () => {
    const placed = placeCard({ top: 700, left: 500, width: 100, height: 30 }, card, viewport);
    expect(placed).toMatchObject({ side: 'above', top: 700 - tourGap - 200 });
  });

  it('stays below when neither side has room but below has more', () => {
    const small = { width: 800, height: 300 };
    const placed = placeCard({ top: 20, left: 100, width: 80, height: 30 }, card, small);
    expect(placed.side).toBe('below');
  });

  it('keeps the card inside a window too short for it on either side of the button', () => {
    // 200% zoom of the smallest window: 512×320, the button in the header's second row.
    const placed = placeCard(
      { top: 60, left: 20, width: 80, height: 30 },
      { width: 360, height: 230 },
      { width: 512, height: 320 },
    );
    expect(placed.top).toBeGreaterThanOrEqual(tourMargin);
    expect(placed.top + 230).toBeLessThanOrEqual(320 - tourMargin);
  });
});
