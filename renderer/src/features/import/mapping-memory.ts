/**
 * The column mapping an analyst chose, remembered for the next file with the same columns: the
 * same export from the same system gets the same mapping without a second look. Keyed by the set
 * of header names, so a file whose columns moved still matches; stored by header name (and which
 * occurrence, for repeated names), never by position. Never for a header row that is data (a
 * file without one): its "names" are one customer's CPF, e-mail and phone, which must not be kept
 * on the workstation, where deleting everything about a CPF does not look.
 */
import { looksLikeData } from '../../../../shared/domain/data-like';
import { autoMapColumns, mappableFields } from '../../../../shared/spreadsheet/columns';
import type { ColumnMapping, MappableField } from '../../../../shared/spreadsheet/columns';
import { headerTexts } from '../../../../shared/spreadsheet/header';
import type { Cell } from '../../../../shared/spreadsheet/types';
import type { HeaderChoice } from './import-reducer';

/** The localStorage entry holding every remembered mapping. */
export const memoryKey = 'dcdesk.import.mappings.v1';
/** Mappings kept; the least recently used go first. */
export const memoryLimit = 50;

type StoredColumn = { header: string; occurrence: number };
interface Remembered {
  fields: Partial<Record<MappableField, StoredColumn>>;
  usedAt: number;
}

/** The subset of `Storage` used, so tests pass a Map-backed one. */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

/** The set of non-empty header names, without case or surrounding spaces, sorted. */
export function headerSetKey(headers: readonly string[]): string {
  const names = new Set(headers.map((header) => header.trim().toLowerCase()).filter(Boolean));
  return JSON.stringify([...names].sort());
}

function occurrenceOf(headers: readonly string[], column: number): StoredColumn {
  const header = (headers[column] ?? '').trim().toLowerCase();
  const occurrence = headers
    .slice(0, column)
    .filter((other) => other.trim().toLowerCase() === header).length;
  return { header, occurrence };
}

function columnOf(headers: readonly string[], stored: StoredColumn): number | undefined {
  let seen = 0;
  for (let column = 0; column < headers.length; column += 1) {
    if ((headers[column] ?? '').trim().toLowerCase() !== stored.header) continue;
    if (seen === stored.occurrence) return column;
    seen += 1;
  }
  return undefined;
}

function load(store: KeyValueStore): Record<string, Remembered> {
  try {
    const parsed: unknown = JSON.parse(store.getItem(memoryKey) ?? '{}');
    return parsed !== null && typeof parsed === 'object'
      ? (parsed as Record<string, Remembered>)
      : {};
  } catch {
    // A damaged entry (edited by hand, half written) only costs the memory, never the import.
    return {};
  }
}

/** Whether a header cell holds a value (a CPF, an e-mail, an ID…) rather than a column's name. */
export function headersHoldData(headers: readonly string[]): boolean {
  return headers.some(looksLikeData);
}

function save(store: KeyValueStore, all: Record<string, Remembered>): void {
  try {
    store.setItem(memoryKey, JSON.stringify(all));
  } catch {
    // Storage full or disabled: the mapping is simply not remembered.
  }
}

/** The column names a stored entry holds, read with care: it was written by another version. */
function storedNames(remembered: unknown): string[] {
  if (remembered === null || typeof remembered !== 'object' || !('fields' in remembered)) return [];
  const { fields } = remembered;
  if (fields === null || typeof fields !== 'object') return [];
  return Object.values(fields).map((column: unknown) =>
    column !== null && typeof column === 'object' && 'header' in column
      ? String(column.header)
      : '',
  );
}

/** Whether a stored entry names a value anywhere: in its key or in the columns it holds. */
function holdsData(key: string, remembered: unknown): boolean {
  let names: unknown;
  try {
    names = JSON.parse(key);
  } catch {
    names = [key];
  }
  const texts = Array.isArray(names) ? names.map(String) : [key];
  return headersHoldData([...texts, ...storedNames(remembered)]);
}

/**
 * Run once as the window starts: drops the mappings older versions remembered for a first row
 * that was data (before they refused to), so the customer values they were keyed by go.
 */
export function forgetDataLikeMappings(store: KeyValueStore): void {
  const all = load(store);
  const kept = Object.entries(all).filter(([key, remembered]) => !holdsData(key, remembered));
  if (kept.length < Object.keys(all).length) save(store, Object.fromEntries(kept));
}

/** The mapping remembered for these headers, or null when none is (or it no longer fits). */
export function recallMapping(
  store: KeyValueStore,
  headers: readonly string[],
): ColumnMapping | null {
  if (headersHoldData(headers)) return null;
  const remembered = load(store)[headerSetKey(headers)];
  if (!remembered || typeof remembered.fields !== 'object') return null;
  const mapping: ColumnMapping = {};
  for (const field of mappableFields) {
    const stored = remembered.fields[field];
    if (!stored) continue;
    const column = columnOf(headers, stored);
    if (column === undefined) return null;
    mapping[field] = column;
  }
  return mapping;
}

/**
 * Remembers a mapping for these headers, dropping the oldest beyond {@link memoryLimit}. False,
 * and nothing kept, when the headers hold data (see {@link headersHoldData}).
 */
export function rememberMapping(
  store: KeyValueStore,
  headers: readonly string[],
  mapping: ColumnMapping,
  now = Date.now(),
): boolean {
  if (headersHoldData(headers)) return false;
  const all = load(store);
  const fields: Remembered['fields'] = {};
  for (const field of mappableFields) {
    const column = mapping[field];
    if (column !== undefined) fields[field] = occurrenceOf(headers, column);
  }
  all[headerSetKey(headers)] = { fields, usedAt: now };
  const kept = Object.entries(all)
    .sort(([, a], [, b]) => b.usedAt - a.usedAt)
    .slice(0, memoryLimit);
  save(store, Object.fromEntries(kept));
  return true;
}

/** The mapping for a header row: the remembered one when these headers were seen, else a guess. */
export function headerChoice(
  store: KeyValueStore,
  topRows: Cell[][],
  headerRow: number,
): HeaderChoice {
  const headers = headerTexts(topRows, headerRow);
  const remembered = recallMapping(store, headers);
  return remembered
    ? { headerRow, headers, mapping: remembered, source: 'remembered' }
    : { headerRow, headers, mapping: autoMapColumns(headers), source: 'automatic' };
}

const nowhere: KeyValueStore = { getItem: () => null, setItem: () => undefined };

/** The browser's localStorage, or a store that keeps nothing where storage is disabled. */
export function browserStore(): KeyValueStore {
  try {
    return window.localStorage;
  } catch {
    return nowhere;
  }
}
