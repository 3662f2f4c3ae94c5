/**
 * The spreadsheets opened lately, on this workstation: names and dates only. The files stay
 * where they are; nothing of their content, path or size is kept, so the list says which
 * exports were worked on, not what they held. Kept in localStorage beside the mapping memory.
 */
import type { KeyValueStore } from './mapping-memory';

export const recentFilesKey = 'dcdesk.import.recent-files.v1';
/** Entries kept; the oldest go first. */
export const recentFilesLimit = 8;

export interface RecentFile {
  name: string;
  /** ISO time it was last opened. */
  openedAt: string;
}

function isRecentFile(value: unknown): value is RecentFile {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return typeof entry.name === 'string' && typeof entry.openedAt === 'string';
}

/** The list, newest first; empty when nothing (or something unreadable) is stored. */
export function readRecentFiles(store: KeyValueStore): RecentFile[] {
  try {
    const parsed = JSON.parse(store.getItem(recentFilesKey) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter(isRecentFile).slice(0, recentFilesLimit) : [];
  } catch {
    return [];
  }
}

/** Notes a file as opened now: to the top, once, the list cut to its limit. */
export function rememberFile(store: KeyValueStore, name: string, now: Date): RecentFile[] {
  const list = [
    { name, openedAt: now.toISOString() },
    ...readRecentFiles(store).filter((entry) => entry.name !== name),
  ].slice(0, recentFilesLimit);
  store.setItem(recentFilesKey, JSON.stringify(list));
  return list;
}

/** Empties the list. */
export function clearRecentFiles(store: KeyValueStore): void {
  store.setItem(recentFilesKey, '[]');
}
