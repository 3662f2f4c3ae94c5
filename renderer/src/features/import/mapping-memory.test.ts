import { describe, expect, it } from 'vitest';
import {
  headerChoice,
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
