import { describe, expect, it } from 'vitest';
import { counted } from './count-text';

describe('counted', () => {
  it('writes the singular for one and the plural otherwise', () => {
    expect(counted(1, 'row')).toBe('1 row');
    expect(counted(0, 'row')).toBe('0 rows');
    expect(counted(3, 'batch', 'batches')).toBe('3 batches');
    expect(counted(1, 'batch', 'batches')).toBe('1 batch');
  });

  it('groups the thousands', () => {
    expect(counted(476_624, 'row')).toBe('476,624 rows');
    expect(counted(1_048_576, 'row')).toBe('1,048,576 rows');
    expect(counted(999, 'row')).toBe('999 rows');
  });
});
