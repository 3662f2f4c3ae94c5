import { describe, expect, it } from 'vitest';
import { toQueueFilter } from './queue-state';

describe('the review queue filter and order', () => {
  it('turns the choices into the results filter, with stable lists', () => {
    expect(toQueueFilter({ risks: [], states: [], reviewableOnly: false })).toEqual({});
    expect(
      toQueueFilter({
        risks: ['medium', 'high'],
        states: ['none', 'Suspeito'],
        reviewableOnly: true,
      }),
    ).toEqual({ risks: ['high', 'medium'], outcomes: ['Suspeito', 'none'], statuses: ['ok'] });
  });
});
