import { describe, expect, it } from 'vitest';
import {
  clearRecentFiles,
  readRecentFiles,
  recentFilesKey,
  recentFilesLimit,
  rememberFile,
} from './recent-files';

function memoryStore() {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    raw: (key: string) => map.get(key),
  };
}

const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 10, minute));

describe('recent files', () => {
  it('keeps names and dates only, newest first, each name once', () => {
    const store = memoryStore();
    rememberFile(store, 'pedidos.csv', at(1));
    rememberFile(store, 'novembro.xlsx', at(2));
    rememberFile(store, 'pedidos.csv', at(3));
    expect(readRecentFiles(store)).toEqual([
      { name: 'pedidos.csv', openedAt: at(3).toISOString() },
      { name: 'novembro.xlsx', openedAt: at(2).toISOString() },
    ]);
    expect(
      Object.keys((JSON.parse(store.raw(recentFilesKey) ?? '[]') as object[])[0] ?? {}),
    ).toEqual(['name', 'openedAt']);
  });

  it('forgets the oldest past the limit, and empties on clear', () => {
    const store = memoryStore();
    for (let n = 0; n < recentFilesLimit + 3; n += 1)
      rememberFile(store, `f${String(n)}.csv`, at(n));
    const list = readRecentFiles(store);
    expect(list).toHaveLength(recentFilesLimit);
    expect(list[0]?.name).toBe(`f${String(recentFilesLimit + 2)}.csv`);
    clearRecentFiles(store);
    expect(readRecentFiles(store)).toEqual([]);
  });

  it('reads an unreadable entry as an empty list', () => {
    const store = memoryStore();
    store.setItem(recentFilesKey, '{not json');
    expect(readRecentFiles(store)).toEqual([]);
    store.setItem(recentFilesKey, JSON.stringify([{ name: 1 }, { name: 'a.csv', openedAt: 'x' }]));
    expect(readRecentFiles(store)).toEqual([{ name: 'a.csv', openedAt: 'x' }]);
  });
});
