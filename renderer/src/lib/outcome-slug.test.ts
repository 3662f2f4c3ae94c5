import { describe, expect, it } from 'vitest';
import { outcomeSlug } from './outcome-slug';

describe('outcomeSlug', () => {
  it('names each outcome for its colour, and a row not reviewed', () => {
    expect(outcomeSlug('Suspeito')).toBe('suspect');
    expect(outcomeSlug('Fraude Confirmada')).toBe('fraud');
    expect(outcomeSlug('Device Positivado')).toBe('positive');
    expect(outcomeSlug('Legítima')).toBe('legit');
    expect(outcomeSlug(null)).toBe('none');
  });
});
