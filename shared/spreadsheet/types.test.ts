import { describe, it, expect } from 'vitest';
import { readProblemCodes } from './types';
import type { ReadProblemCode } from './types';

describe('readProblemCodes', () => {
  it('is the closed set callers switch on', () => {
    expect(readProblemCodes).toEqual([
      'empty',
      'unsupported',
      'corrupt',
      'zip_bomb',
      'too_many_rows',
      'too_many_columns',
      'too_large',
      'no_sheet',
      'mixed_encoding',
    ]);
  });

  it('lets a switch over the codes be exhaustive', () => {
    const describe = (code: ReadProblemCode): string => {
      switch (code) {
        case 'empty':
        case 'no_sheet':
          return 'nothing to read';
        case 'unsupported':
        case 'corrupt':
        case 'mixed_encoding':
          return 'cannot read';
        case 'zip_bomb':
        case 'too_many_rows':
        case 'too_many_columns':
        case 'too_large':
          return 'too big';
      }
    };
    expect(readProblemCodes.map(describe)).toContain('too big');
  });
});
