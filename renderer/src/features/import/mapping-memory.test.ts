import { describe, expect, it } from 'vitest';
import {
  forgetDataLikeMappings,
  headerChoice,
  headersHoldData,
  headerSetKey,
  memoryKey,
  memoryLimit,
  recallMapping,
  rememberMapping,
  type KeyValueStore,
} from './mapping-memory';

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
  };
}

describe('mapping memory', () => {
  it('keys by the set of header names, ignoring order, case, spaces and empty cells', () => {
    expect(headerSetKey(['Pedido', ' CPF ', ''])).toBe(headerSetKey(['cpf', 'PEDIDO']));
    expect(headerSetKey(['Pedido', 'CPF'])).not.toBe(headerSetKey(['Pedido', 'CPF', 'CEP']));
  });

  it('recalls a mapping by header name even when the columns moved', () => {
    const store = memoryStore();
    rememberMapping(store, ['Sessão', 'Pedido', 'Doc'], { sessionID: 0, externalID: 1, cpf: 2 });
    expect(recallMapping(store, ['Doc', 'Sessão', 'Pedido'])).toEqual({
      sessionID: 1,
      externalID: 2,
      cpf: 0,
    });
  });

  it('tells repeated header names apart by occurrence', () => {
    const store = memoryStore();
    rememberMapping(store, ['Pedido', 'Tel', 'Tel'], { externalID: 0, phone: 2 });
    expect(recallMapping(store, ['Tel', 'Pedido', 'Tel'])).toEqual({ externalID: 1, phone: 2 });
  });

  it('recalls nothing for other headers or a damaged entry', () => {
    const store = memoryStore();
    expect(recallMapping(store, ['Pedido'])).toBeNull();
    rememberMapping(store, ['Pedido'], { externalID: 0 });
    expect(recallMapping(store, ['Pedido', 'CPF'])).toBeNull();
    store.data.set(memoryKey, '{not json');
    expect(recallMapping(store, ['Pedido'])).toBeNull();
  });

  it('keeps the most recently used mappings only', () => {
    const store = memoryStore();
    for (let n = 0; n <= memoryLimit; n += 1) rememberMapping(store, [`h${String(n)}`], {}, n);
    expect(recallMapping(store, ['h0'])).toBeNull();
    expect(recallMapping(store, [`h${String(memoryLimit)}`])).toEqual({});
  });

  it('survives a storage that refuses to write', () => {
    const store: KeyValueStore = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => rememberMapping(store, ['Pedido'], { externalID: 0 })).not.toThrow();
  });
});

describe('a first row that is data, not names', () => {
  // A file without a header row: its first row, one customer's, is taken for the headers.
  const customer = [
    'sess-0001-abcdefghijklmnopqrst',
    'PED-100001',
    '529.982.247-25',
    'cliente1@exemplo.com.br',
    '(11) 98001-1001',
    '01310-100',
    '1.234,56',
  ];

  it('is not remembered, and says so', () => {
    const store = memoryStore();
    expect(headersHoldData(customer)).toBe(true);
    expect(headersHoldData(['Sessão', 'Pedido', 'CPF'])).toBe(false);
    expect(rememberMapping(store, customer, { sessionID: 0, externalID: 1, cpf: 2 })).toBe(false);
    expect(store.data.get(memoryKey) ?? '').not.toContain('529.982.247-25');
    expect(recallMapping(store, customer)).toBeNull();
    expect(rememberMapping(store, ['Sessão', 'Pedido'], { sessionID: 0, externalID: 1 })).toBe(
      true,
    );
  });

  it('is forgotten when an older version remembered it, with nothing else lost', () => {
    const store = memoryStore();
    rememberMapping(store, ['Sessão', 'Pedido'], { sessionID: 0, externalID: 1 });
    const kept = JSON.parse(store.data.get(memoryKey) ?? '{}') as Record<string, unknown>;
    // As older versions wrote it: keyed by the row's values, its columns named by them too.
    const older = {
      ...kept,
      [headerSetKey(customer)]: {
        fields: { sessionID: { header: customer[0]!.toLowerCase(), occurrence: 0 } },
        usedAt: 1,
      },
      [headerSetKey(['Pedido', 'Doc'])]: {
        fields: { cpf: { header: '52998224725', occurrence: 0 } },
        usedAt: 2,
      },
    };
    store.data.set(memoryKey, JSON.stringify(older));
    forgetDataLikeMappings(store);
    const left = store.data.get(memoryKey) ?? '';
    expect(left).not.toContain('529.982.247-25');
    expect(left).not.toContain('52998224725');
    expect(left).not.toContain('cliente1');
    expect(recallMapping(store, ['Pedido', 'Sessão'])).toEqual({ sessionID: 1, externalID: 0 });
  });

  it('leaves a memory without such entries untouched, and a damaged one alone', () => {
    const store = memoryStore();
    rememberMapping(store, ['Sessão', 'Pedido'], { sessionID: 0, externalID: 1 });
    const before = store.data.get(memoryKey);
    forgetDataLikeMappings(store);
    expect(store.data.get(memoryKey)).toBe(before);
    store.data.set(memoryKey, '{not json');
    expect(() => forgetDataLikeMappings(store)).not.toThrow();
  });
});

describe('headerChoice', () => {
  const cell = (text: string) => ({ text, numeric: false });
  const topRows = [[cell('Relatório')], [cell('Pedido'), cell('Documento'), cell('Sessão')]];

  it('guesses from the names, then prefers what the analyst chose for the same headers', () => {
    const store = memoryStore();
    expect(headerChoice(store, topRows, 1)).toEqual({
      headerRow: 1,
      headers: ['Pedido', 'Documento', 'Sessão'],
      mapping: { externalID: 0, cpf: 1, sessionID: 2 },
      source: 'automatic',
    });
    rememberMapping(store, ['Pedido', 'Documento', 'Sessão'], { externalID: 0, sessionID: 2 });
    expect(headerChoice(store, topRows, 1)).toMatchObject({
      mapping: { externalID: 0, sessionID: 2 },
      source: 'remembered',
    });
  });
});
