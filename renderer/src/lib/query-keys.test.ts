import { describe, expect, it } from 'vitest';
import { operationNames } from '../../../shared/contract/names';
import { queryKeys, queryScopes } from './query-keys';

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
  prefix.every((part, index) => Object.is(key[index], part));

describe('query keys', () => {
  it('are named by contract operations and start with the operation group', () => {
    for (const [name, key] of Object.entries(queryKeys)) {
      expect(operationNames as readonly string[]).toContain(name);
      const args = [] as never[];
      expect((key as (...a: never[]) => readonly unknown[])(...args)[0]).toBe(name.split('.')[0]);
    }
  });

  it('puts every result query of a batch under that batch, and no other', () => {
    const sort = { column: 'row', direction: 'asc' } as const;
    const keys = [
      queryKeys['results.page']('b1', {}, sort, 200),
      queryKeys['results.aggregates']('b1', {}),
      queryKeys['results.detail']('b1', 7),
    ];
    for (const key of keys) {
      expect(startsWith(key, queryScopes.results('b1'))).toBe(true);
      expect(startsWith(key, queryScopes.allResults)).toBe(true);
      expect(startsWith(key, queryScopes.results('b2'))).toBe(false);
    }
  });

  it('puts every outcome query under outcomes, so a change of outcomes refreshes them all', () => {
    const keys = [
      queryKeys['outcomes.summary'](null),
      queryKeys['outcomes.summary']('b1', 'test'),
      queryKeys['outcomes.buildFile']({ batchId: 'b1', scope: 'unsent' }, 'production'),
      queryKeys['outcomes.importCheck']('v3'),
    ];
    for (const key of keys) expect(startsWith(key, queryScopes.outcomes)).toBe(true);
    expect(startsWith(queryKeys['uploads.list'](), queryScopes.uploads)).toBe(true);
    expect(startsWith(queryKeys['history.search']('x'), queryScopes.history)).toBe(true);
    expect(startsWith(queryKeys['devices.get']('d'), queryScopes.devices)).toBe(true);
  });
});
