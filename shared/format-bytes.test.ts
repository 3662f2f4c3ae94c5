import { describe, expect, it } from 'vitest';
import { maxUploadBytes } from './outcomes/types';
import { formatBytes } from './format-bytes';

describe('formatBytes', () => {
  it('counts 1 KB as 1,024 bytes, as Windows Explorer does', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(1023)).toBe('1,023 bytes');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(100 * 1024 * 1024)).toBe('100 MB');
    expect(formatBytes(2.25 * 1024 ** 3)).toBe('2.3 GB');
  });

  it('shows the upload limit as the round number it is', () => {
    expect(formatBytes(maxUploadBytes)).toBe('20 MB');
  });

  it('moves to the next unit when the rounded value would reach 1,024', () => {
    expect(formatBytes(1024 * 1024 - 10)).toBe('1 MB');
    expect(formatBytes(1024 * 1024 - 200)).toBe('1,023.8 KB');
  });

  it('writes the number in the analyst language', () => {
    expect(formatBytes(1536, 'pt-BR')).toBe('1,5 KB');
    expect(formatBytes(12_700_000, 'pt-BR')).toBe('12,1 MB');
    expect(formatBytes(12_700_000, 'en')).toBe('12.1 MB');
  });
});
