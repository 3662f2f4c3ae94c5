import { describe, expect, it } from 'vitest';
import { base64Bytes, formatDuration, formatScore, percentDone } from './format';

describe('formatDuration', () => {
  it('shows the two largest units', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(42.4)).toBe('42 s');
    expect(formatDuration(75)).toBe('1 min 15 s');
    expect(formatDuration(3725)).toBe('1 h 02 min');
    expect(formatDuration(-3)).toBe('0 s');
  });
});

describe('percentDone', () => {
  it('reaches 100 only when every row is done', () => {
    expect(percentDone(0, 0)).toBe(0);
    expect(percentDone(999, 1000)).toBe(99);
    expect(percentDone(1000, 1000)).toBe(100);
    expect(percentDone(1, 3)).toBe(33);
  });
});

describe('formatScore', () => {
  it('uses the locale decimal mark and a dash for no score', () => {
    expect(formatScore(0.8123, 'en')).toBe('0.81');
    expect(formatScore(0.8123, 'pt-BR')).toBe('0,81');
    expect(formatScore(null, 'en')).toBe('–');
  });
});

describe('base64Bytes', () => {
  it('decodes binary content exactly', () => {
    expect([...base64Bytes('AP+AYQ==')]).toEqual([0, 255, 128, 97]);
    expect(new TextDecoder().decode(base64Bytes('ZXh0ZXJuYWxJRDsnPTE='))).toBe("externalID;'=1");
  });
});
