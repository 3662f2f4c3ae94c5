/**
 * Reads an insight answer (spec 2.5, 2.6) tolerantly: a client that refuses a whole answer over a
 * casing change or a number sent as text helps nobody, so only a body that is not an object fails.
 */
import { fieldsByLowerKey, isRecord, pick, setOwn, toInteger, toNumber } from './loose-json';
import { deviceRisks } from './types';
import type { DeviceRisk, InsightResult, SimilarityResult } from './types';

export type InsightParse = { ok: true; value: InsightResult } | { ok: false; reason: string };

const knownKeys = new Set([
  'deviceid',
  'insights',
  'alertquantity',
  'deviceage',
  'devicerisk',
  'score',
  'smartid',
  'similarityresult',
]);

/**
 * Keys match case-insensitively. `insights` keeps its string elements; integers and the score
 * accept numeric strings; a score outside 0..1 is kept as sent; `smartID` may be a number;
 * anything absent or unreadable becomes null. An unexpected `deviceRisk` becomes null and its
 * raw value is kept in `extra.deviceRisk`; keys the interface does not name go to `extra` as is.
 */
export function parseInsightResult(body: unknown): InsightParse {
  if (!isRecord(body)) {
    return { ok: false, reason: `expected a JSON object, got ${describeJsonType(body)}` };
  }
  const { fields, duplicates } = fieldsByLowerKey(body);
  const value = (name: string) => fields.get(name)?.value;
  const extra: Record<string, unknown> = {};
  for (const [lower, field] of fields) {
    if (!knownKeys.has(lower)) setOwn(extra, field.key, field.value);
  }
  for (const key of duplicates) setOwn(extra, key, body[key]);

  const rawRisk = value('devicerisk');
  const deviceRisk = readDeviceRisk(rawRisk);
  if (deviceRisk === null && rawRisk !== undefined && rawRisk !== null) {
    setOwn(extra, 'deviceRisk', rawRisk);
  }
  return {
    ok: true,
    value: {
      deviceID: readId(value('deviceid')),
      insights: readStrings(value('insights')),
      alertQuantity: toInteger(value('alertquantity')),
      deviceAge: toInteger(value('deviceage')),
      deviceRisk,
      score: toNumber(value('score')),
      smartID: readId(value('smartid')),
      similarityResult: readSimilarity(value('similarityresult')),
      extra,
    },
  };
}

function readDeviceRisk(value: unknown): DeviceRisk | null {
  if (typeof value !== 'string') return null;
  const lower = value.trim().toLowerCase();
  return deviceRisks.find((risk) => risk === lower) ?? null;
}

/** An identifier: a string as is, a number as its decimal text; else null. */
function readId(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function readStrings(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.filter((element): element is string => typeof element === 'string');
}

function readSimilarity(value: unknown): SimilarityResult | null {
  if (!isRecord(value)) return null;
  const scores = pick(value, 'maximumScore');
  const elements: unknown[] = Array.isArray(scores) ? scores : scores == null ? [] : [scores];
  return {
    deviceID: readId(pick(value, 'deviceID')),
    maximumScore: elements.map(readScore).filter((score) => score !== null),
    similarDevices: readStrings(pick(value, 'similarDevices')),
  };
}

const preferredScoreKeys = ['score', 'maximumscore', 'value'];

/**
 * One similarity score. The interface declares `maximumScore` as a list of objects while answers
 * show plain numbers; from an object the `score`, `maximumScore` or `value` field is taken, else
 * its first numeric field. Elements without a number are dropped.
 */
function readScore(element: unknown): number | null {
  if (!isRecord(element)) return toNumber(element);
  const { fields } = fieldsByLowerKey(element);
  for (const key of preferredScoreKeys) {
    const number = toNumber(fields.get(key)?.value);
    if (number !== null) return number;
  }
  for (const field of fields.values()) {
    const number = toNumber(field.value);
    if (number !== null) return number;
  }
  return null;
}

function describeJsonType(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? 'a string' : `a ${typeof value}`;
}
