import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/translate';
import {
  formatLookedUp,
  scoreFraction,
  searchCountText,
  seenKey,
  shownCpf,
  sortSimilar,
} from './format';

describe('shownCpf', () => {
  it('masks the CPF unless shown, formatted or not', () => {
    expect(shownCpf('12345678909', false)).toBe('***.456.789-**');
    expect(shownCpf('123.456.789-09', false)).toBe('***.456.789-**');
    expect(shownCpf('12345678909', true)).toBe('123.456.789-09');
  });

  it('never leaks a malformed value while masked, and shows it as stored when asked', () => {
    expect(shownCpf('1234567890x', false)).toBe('***.***.***-**');
    expect(shownCpf('1234', true)).toBe('1234');
  });

  it('has nothing to show for a missing CPF', () => {
    expect(shownCpf(null, true)).toBeNull();
    expect(shownCpf('  ', false)).toBeNull();
  });
});

describe('scoreFraction', () => {
  it('keeps scores between 0 and 1 and clamps the rest', () => {
    expect(scoreFraction(0.734)).toBe(0.734);
    expect(scoreFraction(1.5)).toBe(1);
    expect(scoreFraction(-0.2)).toBe(0);
    expect(scoreFraction(null)).toBe(0);
    expect(scoreFraction(Number.NaN)).toBe(0);
  });
});

describe('formatLookedUp', () => {
  it('formats a timestamp in the locale, and nothing for a row not looked up', () => {
    const iso = '2024-03-05T14:07:09.000Z';
    expect(formatLookedUp(iso, 'en')).toContain('24');
    expect(formatLookedUp(iso, 'pt-BR')).toMatch(/0[456]\/03\/2024/);
    expect(formatLookedUp(null, 'en')).toBeNull();
    expect(formatLookedUp('not a date', 'en')).toBeNull();
  });
});

describe('sortSimilar', () => {
  it('puts the most similar first, unknown scores last, ties by device ID', () => {
    const sorted = sortSimilar([
      { deviceId: 'dev-c', maximumScore: null, seenHere: false },
      { deviceId: 'dev-b', maximumScore: 0.6, seenHere: true },
      { deviceId: 'dev-a', maximumScore: 0.6, seenHere: false },
      { deviceId: 'dev-d', maximumScore: 0.9, seenHere: false },
    ]);
    expect(sorted.map((device) => device.deviceId)).toEqual(['dev-d', 'dev-a', 'dev-b', 'dev-c']);
  });
});

describe('seenKey', () => {
  it('chooses the message for none, one or many transactions', () => {
    expect([0, 1, 2, 40].map(seenKey)).toEqual(['none', 'one', 'other', 'other']);
  });
});

describe('searchCountText', () => {
  it('always says how many lookups match, and how many are shown when fewer', () => {
    const en = translate('en');
    expect(searchCountText(en, 1200, 200)).toBe('1,200 lookups found; showing the newest 200.');
    expect(searchCountText(translate('pt-BR'), 1200, 400)).toBe(
      '1.200 consultas encontradas; mostrando as 400 mais recentes.',
    );
    expect(searchCountText(en, 1200, 1200)).toBe('1,200 lookups found, newest first.');
    expect(searchCountText(en, 1, 1)).toBe('1 lookup found.');
    expect(searchCountText(en, 0, 0)).toBe('Nothing in the history matches this search.');
  });
});
