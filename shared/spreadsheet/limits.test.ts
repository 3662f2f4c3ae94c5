import { describe, it, expect } from 'vitest';
import { defaultLimits, maxSpreadsheetRows, resolveLimits } from './limits';

describe('resolveLimits', () => {
  it('gives the defaults', () => {
    const limits = resolveLimits();
    expect(limits).toEqual(defaultLimits);
    expect(limits.maxRows).toBe(1_048_576);
    expect(limits.maxColumns).toBe(100);
    expect(limits.maxCellChars).toBe(32_767);
    expect(limits.maxFileBytes).toBe(256 * 1024 * 1024);
    expect(limits.maxUnpackedBytes).toBe(1024 * 1024 * 1024);
    expect(limits.maxCompressionRatio).toBe(200);
    expect(limits.ratioCheckFromBytes).toBe(10 * 1024 * 1024);
    expect(limits.maxZipEntries).toBe(10_000);
  });

  it('applies overrides and leaves the defaults untouched', () => {
    const limits = resolveLimits({ maxRows: 500, maxColumns: 20 });
    expect(limits.maxRows).toBe(500);
    expect(limits.maxColumns).toBe(20);
    expect(limits.maxCellChars).toBe(32_767);
    expect(defaultLimits.maxRows).toBe(1_048_576);
  });

  it('ignores overrides that are not positive whole numbers', () => {
    const limits = resolveLimits({ maxRows: 0, maxColumns: Number.NaN, maxCellChars: -5 });
    expect(limits.maxRows).toBe(1_048_576);
    expect(limits.maxColumns).toBe(100);
    expect(limits.maxCellChars).toBe(32_767);
    expect(resolveLimits({ maxRows: 1.5 }).maxRows).toBe(1_048_576);
  });

  it('allows a full Excel sheet of data rows by default', () => {
    expect(maxSpreadsheetRows).toBe(2 ** 20);
    expect(defaultLimits.maxRows).toBe(maxSpreadsheetRows);
  });

  it('cannot be changed through the frozen defaults', () => {
    expect(Object.isFrozen(defaultLimits)).toBe(true);
  });
});
