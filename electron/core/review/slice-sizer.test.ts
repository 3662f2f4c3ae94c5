import { describe, expect, it } from 'vitest';
import { sliceSizer } from './slice-sizer';

describe('sliceSizer', () => {
  const sizing = { first: 1000, min: 100, max: 8000, targetMs: 50 };

  it('grows at most twofold while slices are fast, up to the most', () => {
    const sizer = sliceSizer(sizing);
    const sizes = [];
    for (let step = 0; step < 5; step += 1) {
      sizer.took(sizer.size(), 5);
      sizes.push(sizer.size());
    }
    expect(sizes).toEqual([2000, 4000, 8000, 8000, 8000]);
  });

  it('shrinks at once to what fits in the target when a slice was slow', () => {
    const sizer = sliceSizer(sizing);
    sizer.took(1000, 200);
    expect(sizer.size()).toBe(250);
    sizer.took(250, 10_000);
    expect(sizer.size()).toBe(100);
  });

  it('learns nothing from a short slice', () => {
    const sizer = sliceSizer(sizing);
    sizer.took(10, 500);
    expect(sizer.size()).toBe(1000);
  });
});
