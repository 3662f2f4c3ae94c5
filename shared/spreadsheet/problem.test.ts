import { describe, it, expect } from 'vitest';
import { resolveLimits } from './limits';
import {
  cellTooLarge,
  columnName,
  fileTooLarge,
  formatCount,
  tooManyColumns,
  tooManyRows,
} from './problem';

const limits = resolveLimits();

describe('formatting', () => {
  it('groups counts by thousands', () => {
    expect(formatCount(7)).toBe('7');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(100_001)).toBe('100,001');
    expect(formatCount(1_048_576)).toBe('1,048,576');
  });

  it('names columns with letters', () => {
    expect(columnName(0)).toBe('A');
    expect(columnName(25)).toBe('Z');
    expect(columnName(26)).toBe('AA');
    expect(columnName(701)).toBe('ZZ');
    expect(columnName(702)).toBe('AAA');
    expect(columnName(16383)).toBe('XFD');
  });
});

describe('problems', () => {
  it('states rows found and the limit', () => {
    expect(tooManyRows(1_048_577, limits)).toEqual({
      code: 'too_many_rows',
      message:
        'The file has 1,048,577 data rows; the limit is 1,048,576. Split the file, or raise the largest-spreadsheet setting (Settings in the app; dcdesk settings set maxRows N).',
      limit: 1_048_576,
      found: 1_048_577,
    });
  });

  it('names the row with too many columns', () => {
    const problem = tooManyColumns(101, 3, limits);
    expect(problem.code).toBe('too_many_columns');
    expect(problem.message).toBe(
      'Row 3 has 101 columns; the limit is 100, which no setting changes. Remove the columns you do not need (keep the transaction fields) and import it again.',
    );
    expect([problem.limit, problem.found]).toEqual([100, 101]);
  });

  it('names the cell that is too large', () => {
    const problem = cellTooLarge(40_000, 5, 2, limits);
    expect(problem).toMatchObject({ code: 'too_large', cell: 'C5', limit: 32_767, found: 40_000 });
    expect(problem.message).toMatch(/^Cell C5 holds 40,000 characters; the limit is 32,767\./);
  });

  it('states the file size and the limit', () => {
    const problem = fileTooLarge(300 * 1024 * 1024, limits);
    expect(problem.message).toMatch(
      /^The file is 300 MB; the limit is 256 MB, which no setting changes\./,
    );
    // The file size is not a setting: the message must not send the analyst looking for one.
    expect(problem.message).not.toMatch(/Settings/);
    expect(problem.code).toBe('too_large');
  });

  it('says a file read as it came (a pipe) is over the limit, not the bytes read so far', () => {
    expect(fileTooLarge(null, limits).message).toMatch(
      /^The file is over 256 MB; the limit is 256 MB, which no setting changes\./,
    );
  });
});
