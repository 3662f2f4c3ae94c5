import { randomBytes } from 'node:crypto';
import { checkSourceRow } from '../../../shared/spreadsheet/lost-digits';
import type { Phone, RawTransaction } from '../../../shared/domain/types';
import type { CustomUrl, EnvironmentName } from '../../../shared/environment';
import {
  describeBounds,
  settingBounds,
  withinBounds,
  type NumberBounds,
} from '../../../shared/settings-bounds';
import type { Db } from '../store/db';
import { batchesRepo, type BatchRecord, type BatchSettings } from '../store/batches.repo';
import { rowsRepo, type PreparedRow } from '../store/rows.repo';
import { reuseRecentLookups } from './reuse';

export const defaultBatchSettings: BatchSettings = {
  concurrency: 8,
  ratePerSecond: null,
  timeoutMs: 30_000,
  maxAttempts: 3,
};
export const maxConcurrency = settingBounds.concurrency.max;

/** A row as read from a spreadsheet: its number as the analyst sees it, its values, what was fixed. */
export interface SourceRow {
  row: number;
  raw: RawTransaction;
  notes: string[];
}

export interface NewBatchInput {
  sourceName: string;
  sourceSha256: string;
  environment: EnvironmentName;
  baseUrl: string;
  /** The address that answered when it is not the environment's own (see `Destination`). */
  customUrl?: CustomUrl | null;
  settings?: Partial<BatchSettings>;
  /** Walked once, as the rows are stored: a generator never holds them all. */
  rows: Iterable<SourceRow>;
  /** Rows whose external ID was answered within this many days reuse that answer instead. */
  skipLookedUpWithinDays?: number;
  /**
   * How many rows `rows` will give, when the caller knows (it walked the file to check it): the
   * batch is then stored slice by slice and its lookups start after the first slice (see
   * batch-slices.ts), unless recent answers are reused.
   */
  total?: number;
}

function phoneText(phone: Phone | undefined): string | null {
  return phone ? `${phone.countryCode}${phone.cityCode}${phone.number}` : null;
}

function given(text: string | undefined): string | null {
  const trimmed = text?.trim();
  return trimmed ? trimmed : null;
}

/**
 * Validates a row; a valid one keeps its normalised request, an invalid one its problems. A cell
 * noted as a number that lost digits makes the row invalid here too, whoever sent it.
 */
export function prepareRow(source: SourceRow): PreparedRow {
  const check = checkSourceRow(source);
  const { raw } = source;
  if (check.ok) {
    const request = check.value;
    return {
      sourceRow: source.row,
      externalId: request.externalID,
      sessionId: request.sessionID,
      cpf: request.cpf ?? null,
      email: request.email ?? null,
      phone: phoneText(request.phone),
      zipCode: request.zipCode ?? null,
      request,
      problems: null,
      notes: source.notes,
    };
  }
  const phone =
    given(raw.phone) ??
    given([raw.countryCode, raw.cityCode, raw.phoneNumber].filter(Boolean).join(' '));
  return {
    sourceRow: source.row,
    externalId: given(raw.externalID),
    sessionId: given(raw.sessionID),
    cpf: given(raw.cpf)?.replace(/[.\-/\s]/g, '') ?? null,
    email: given(raw.email),
    phone,
    zipCode: given(raw.zipCode),
    request: null,
    problems: check.problems,
    notes: source.notes,
  };
}

/**
 * Readable, sortable and short enough to type: `20261121-215301-k3x9`, the date and time on the
 * analyst's own clock, as every other time is shown (a UTC stamp named a batch made at 21:30 on
 * the 27th in São Paulo after the 28th). IDs made before this were UTC: any ID stays valid, as
 * an ID is only looked up whole.
 */
export function newBatchId(now: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  const stamp =
    `${String(now.getFullYear()).padStart(4, '0')}${two(now.getMonth() + 1)}${two(now.getDate())}` +
    `-${two(now.getHours())}${two(now.getMinutes())}${two(now.getSeconds())}`;
  const suffix = randomBytes(3).readUIntBE(0, 3).toString(36).padStart(4, '0').slice(-4);
  return `${stamp}-${suffix}`;
}

/** The batch settings, refused with a RangeError (its message names the range) when out of bounds. */
export function checkSettings(settings: Partial<BatchSettings>): BatchSettings {
  const merged = { ...defaultBatchSettings, ...settings };
  const check = (value: number, bounds: NumberBounds, what: string) => {
    if (!withinBounds(value, bounds))
      throw new RangeError(`${what} must be ${describeBounds(bounds)}, not ${String(value)}.`);
  };
  check(merged.concurrency, settingBounds.concurrency, 'Concurrency');
  if (merged.ratePerSecond !== null)
    check(
      merged.ratePerSecond,
      settingBounds.ratePerSecond,
      'The rate limit (requests per second)',
    );
  check(merged.timeoutMs, settingBounds.timeoutMs, 'The timeout (ms)');
  check(merged.maxAttempts, settingBounds.maxAttempts, 'Attempts per row');
  return merged;
}

/**
 * Stores a batch and every input row in one transaction, before any request is sent: from this
 * moment no row can be lost.
 */
export function createBatch(db: Db, input: NewBatchInput, now = new Date()): BatchRecord {
  const settings = checkSettings(input.settings ?? {});
  // Each row is validated as it is stored: a million prepared rows are never held at once.
  let total = 0;
  const prepared = (function* () {
    for (const row of input.rows) {
      total += 1;
      yield prepareRow(row);
    }
  })();
  const id = newBatchId(now);
  const at = now.toISOString();
  const batches = batchesRepo(db);
  db.transaction(() => {
    batches.insert(
      {
        id,
        sourceName: input.sourceName,
        sourceSha256: input.sourceSha256,
        environment: input.environment,
        baseUrl: input.baseUrl,
        customUrl: input.customUrl ?? null,
        settings,
        total: 0,
      },
      at,
    );
    rowsRepo(db).insert(id, prepared, at);
    batches.setTotal(id, total);
    if (input.skipLookedUpWithinDays !== undefined)
      reuseRecentLookups(db, id, input.skipLookedUpWithinDays, now);
  }).immediate();
  const record = batches.get(id);
  if (!record) throw new Error(`Batch ${id} was not stored.`);
  return record;
}
