/** Where the tour's card goes beside the button it points at. Pure, in viewport pixels. */

export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface CardPlacement {
  top: number;
  left: number;
  /** Below the target, or above it when there is no room below. */
  side: 'below' | 'above';
  /** Where the arrow sits along the card's top or bottom edge, from its left. */
  arrowLeft: number;
}

/** Space between the target and the card, and between the card and the window's edges. */
export const tourGap = 14;
export const tourMargin = 12;
/** The arrow stays this far from the card's corners, which are rounded. */
const arrowInset = 18;

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/**
 * Centres the card under the target, kept inside the window; above the target only when it does
 * not fit below and fits better above. The arrow points at the target's centre. The card is never
 * taller than the window (tour.css), so clamped it is wholly inside.
 */
export function placeCard(
  target: Box,
  card: { width: number; height: number },
  viewport: { width: number; height: number },
): CardPlacement {
  const centre = target.left + target.width / 2;
  const left = clamp(
    centre - card.width / 2,
    tourMargin,
    Math.max(tourMargin, viewport.width - card.width - tourMargin),
  );
  const below = target.top + target.height + tourGap;
  const roomBelow = viewport.height - tourMargin - below;
  const roomAbove = target.top - tourGap - tourMargin;
  const side = roomBelow >= card.height || roomBelow >= roomAbove ? 'below' : 'above';
  const top = side === 'below' ? below : target.top - tourGap - card.height;
  return {
    // A window too short for the card on either side (a zoomed one) gets the card over the
    // button rather than its buttons below the window's edge.
    top: clamp(top, tourMargin, Math.max(tourMargin, viewport.height - card.height - tourMargin)),
    left,
    side,
    arrowLeft: clamp(centre - left, arrowInset, Math.max(arrowInset, card.width - arrowInset)),
  };
}
