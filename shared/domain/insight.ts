/**
 * Checks an insight answer (spec 2.5, 2.6) against the interface. An answer is stored as answered
 * only when it conforms: a 200 whose `deviceID` is a number or whose `score` is a word is a
 * service fault, and storing it as `ok` with fields silently dropped hides that from the analyst.
 *
 * Tolerated, on purpose (each one is a change a server can make without changing the meaning):
 * - keys in another letter case (`DeviceId`, `Score`): ASP.NET's serializer settings pick the
 *   casing, and the service has answered with both;
 * - fields the interface does not name: ignored here (the caller keeps a capped raw copy), so the
 *   service can add fields without breaking its clients;
 * - every field but `deviceID` absent or null (`smartID` is documented as sometimes absent; 204
 *   shows the service omits what it does not know);
 * - numbers sent as plain decimal strings (`"0.42"`, `"12"`): .NET clients of the operator's
 *   sibling API send numbers as strings;
 * - `deviceRisk` in another letter case (`High`): an enum serialized by name;
 * - `maximumScore` elements as numbers (as seen) or as objects holding one (as declared).
 *
 * Refused: a body that is not an object; `deviceID` absent, empty or not a string; a text field
 * that is not a string, or holds a control, direction or invisible character; a list that is not
 * a list or holds a wrong or empty element; an integer that is negative or fractional; a `score`
 * or a `maximumScore` element outside 0..1; a `deviceRisk` outside the four levels; two keys that differ only in letter case
 * (which one is meant cannot be known). Two keys spelt alike never reach here: `JSON.parse` keeps
 * one, so the client refuses them on the answer's text (`duplicateKeys`).
 */
import { fieldsByLowerKey, isRecord, toNumber } from './loose-json';
import { hasUnsafeCharacters, shown as escaped, unsafeCodePoints } from './text';
import { deviceRisks } from './types';
import type { DeviceRisk, InsightResult, SimilarityResult } from './types';

export type InsightParse =
  | {
      ok: true;
      value: InsightResult;
      /** Keys the interface does not name, as sent (nested ones as `similarityResult.key`). */
      unknownFields: string[];
    }
  /** One sentence per offending field, naming it; `fields` names them alone. */
  | { ok: false; problems: string[]; fields: string[] };

/** A field reader: the value, or a problem sentence. */
type Read<T> = { value: T } | { problem: string };

const topKeys = [
  'deviceID',
  'insights',
  'alertQuantity',
  'deviceAge',
  'deviceRisk',
  'score',
  'smartID',
  'similarityResult',
] as const;
const similarityKeys = ['deviceID', 'maximumScore', 'similarDevices'] as const;

export function parseInsightResult(body: unknown): InsightParse {
  if (!isRecord(body))
    return {
      ok: false,
      problems: [`the answer is ${describe(body)}, not an object`],
      fields: ['the whole answer'],
    };
  const top = fieldsOf(body, topKeys, '');
  const problems = [...top.problems];
  const unknownFields = [...top.unknown];
  const take = <T>(read: Read<T>, fallback: T): T => {
    if ('problem' in read) {
      problems.push(read.problem);
      return fallback;
    }
    return read.value;
  };
  const get = (key: (typeof topKeys)[number]) => top.values.get(key);
  const similarity = readSimilarity(get('similarityResult'));
  const value: InsightResult = {
    deviceID: take(readDeviceId('deviceID', get('deviceID'), readRequiredText), null),
    insights: take(readTexts('insights', get('insights')), []),
    alertQuantity: take(readCount('alertQuantity', get('alertQuantity')), null),
    deviceAge: take(readCount('deviceAge', get('deviceAge')), null),
    deviceRisk: take(readRisk(get('deviceRisk')), null),
    score: take(readScore(get('score')), null),
    smartID: take(readText('smartID', get('smartID')), null),
    similarityResult: similarity.value,
  };
  // One by one: a hostile answer's list can be long enough to overflow a spread's arguments.
  for (const problem of similarity.problems) problems.push(problem);
  for (const field of similarity.unknown) unknownFields.push(field);
  if (problems.length === 0) return { ok: true, value, unknownFields };
  const fields = problems.map((problem) => /^[\w.]+/.exec(problem)?.[0] ?? problem);
  return { ok: false, problems, fields: [...new Set(fields)] };
}

/** The known fields by their interface name, the unknown keys, and keys sent twice. */
function fieldsOf<K extends string>(
  record: Record<string, unknown>,
  known: readonly K[],
  path: string,
) {
  const { fields, duplicates } = fieldsByLowerKey(record);
  const values = new Map<K, unknown>();
  const unknown: string[] = [];
  const problems: string[] = [];
  for (const [lower, field] of fields) {
    const name = known.find((key) => key.toLowerCase() === lower);
    if (name === undefined) unknown.push(`${path}${field.key}`);
    else values.set(name, field.value);
  }
  // Which of two spellings is meant cannot be known; for a field nobody reads it does not matter.
  for (const key of duplicates) {
    const first = fields.get(key.toLowerCase())?.key ?? key;
    if (known.some((name) => name.toLowerCase() === key.toLowerCase()))
      problems.push(`${path}${first} is sent twice, as ${first} and ${key}`);
  }
  return { values, unknown, problems };
}

function absent(value: unknown): value is null | undefined {
  return value === undefined || value === null;
}

/**
 * The longest device ID the app takes from an answer. The interface names no length; a device ID
 * is searched for and opened by (`history.search`, `devices.get`, the search box) up to this
 * length, so a longer one stored as answered could be neither: such an answer does not follow
 * the interface, as a device ID with a line break does not.
 */
export const maxDeviceIdChars = 128;

function readDeviceId(
  name: string,
  value: unknown,
  read: (name: string, value: unknown) => Read<string | null>,
): Read<string | null> {
  const result = read(name, value);
  if ('value' in result && result.value !== null && result.value.length > maxDeviceIdChars)
    return {
      problem: `${name} is ${String(result.value.length)} characters long; a device ID is at most ${String(maxDeviceIdChars)}`,
    };
  // The response-variable file refuses a DeviceId with spaces at its edges (the service may trim
  // what it reads): taken as answered, its outcome could never be sent.
  if ('value' in result && result.value !== null && result.value.trim() !== result.value)
    return {
      problem: `${name} is ${describe(result.value)}; it has spaces at its start or end, which a device ID cannot have in the response-variable file`,
    };
  return result;
}

/**
 * An identifier (a DeviceId, a SmartID, an insight code): text, with no control, direction or
 * invisible character. A DeviceId goes into the response-variable file and onto the screen: a line break
 * in it breaks the file's lines, a NUL or a direction mark shows something else than it is.
 */
function readId(name: string, value: unknown): Read<string> {
  if (typeof value !== 'string') return { problem: `${name} is ${describe(value)}; expected text` };
  if (hasUnsafeCharacters(value))
    return {
      problem: `${name} is ${describe(value)}; it holds a control, direction or invisible character (${unsafeCodePoints(value).join(', ')})`,
    };
  return { value };
}

function readRequiredText(name: string, value: unknown): Read<string> {
  if (absent(value)) return { problem: `${name} is missing` };
  if (typeof value === 'string' && value.trim() === '') return { problem: `${name} is empty` };
  return readId(name, value);
}

function readText(name: string, value: unknown): Read<string | null> {
  if (absent(value)) return { value: null };
  return readId(name, value);
}

/** A list of identifiers (insight codes, similar devices): none empty, none unsafe. */
function readTexts(
  name: string,
  value: unknown,
  check: typeof readDeviceId = (at, element, read) => read(at, element),
): Read<string[]> {
  if (absent(value)) return { value: [] };
  if (!Array.isArray(value))
    return { problem: `${name} is ${describe(value)}; expected a list of text` };
  for (const [index, element] of value.entries()) {
    const at = `${name}[${String(index)}]`;
    if (element === '') return { problem: `${at} is empty` };
    const read = check(at, element, readId);
    if ('problem' in read) return read;
  }
  return { value: value as string[] };
}

/** A count (alerts, hours): a whole number from 0, or the same as plain decimal text. */
function readCount(name: string, value: unknown): Read<number | null> {
  if (absent(value)) return { value: null };
  const number = toNumber(value);
  if (number === null || !Number.isSafeInteger(number) || number < 0)
    return { problem: `${name} is ${describe(value)}; expected a whole number from 0` };
  return { value: number };
}

function readScore(value: unknown): Read<number | null> {
  if (absent(value)) return { value: null };
  const number = toNumber(value);
  if (number === null || number < 0 || number > 1)
    return { problem: `score is ${describe(value)}; expected a number from 0 to 1` };
  return { value: number };
}

function readRisk(value: unknown): Read<DeviceRisk | null> {
  if (absent(value)) return { value: null };
  const lower = typeof value === 'string' ? value.toLowerCase() : null;
  const risk = deviceRisks.find((level) => level === lower);
  if (risk === undefined)
    return {
      problem: `deviceRisk is ${describe(value)}; expected one of ${deviceRisks.join(', ')}`,
    };
  return { value: risk };
}

function readSimilarity(value: unknown): {
  value: SimilarityResult | null;
  problems: string[];
  unknown: string[];
} {
  if (absent(value)) return { value: null, problems: [], unknown: [] };
  if (!isRecord(value))
    return {
      value: null,
      problems: [`similarityResult is ${describe(value)}; expected an object`],
      unknown: [],
    };
  const { values, unknown, problems } = fieldsOf(value, similarityKeys, 'similarityResult.');
  const take = <T>(read: Read<T>, fallback: T): T => {
    if ('problem' in read) {
      problems.push(read.problem);
      return fallback;
    }
    return read.value;
  };
  const result: SimilarityResult = {
    deviceID: take(
      readDeviceId('similarityResult.deviceID', values.get('deviceID'), readText),
      null,
    ),
    maximumScore: take(readMaximumScores(values.get('maximumScore')), []),
    similarDevices: take(
      readTexts('similarityResult.similarDevices', values.get('similarDevices'), readDeviceId),
      [],
    ),
  };
  return { value: result, problems, unknown };
}

function readMaximumScores(value: unknown): Read<number[]> {
  const name = 'similarityResult.maximumScore';
  if (absent(value)) return { value: [] };
  if (!Array.isArray(value)) return { problem: `${name} is ${describe(value)}; expected a list` };
  const scores: number[] = [];
  for (const [index, element] of value.entries()) {
    const score = similarityScore(element);
    // A similarity score is a score: outside 0..1 it is refused as a top-level score is.
    if (score === null || score < 0 || score > 1)
      return {
        problem: `${name}[${String(index)}] is ${describe(element)}; expected a number from 0 to 1`,
      };
    scores.push(score);
  }
  return { value: scores };
}

const preferredScoreKeys = ['score', 'maximumscore', 'value'];

/**
 * One similarity score. The interface declares `maximumScore` as a list of objects while answers
 * show plain numbers; from an object the `score`, `maximumScore` or `value` field is taken, else
 * its first numeric field.
 */
function similarityScore(element: unknown): number | null {
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

const previewChars = 40;

/** What a value is, with a short preview, so a message names it without repeating a whole body. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return `a list of ${String(value.length)}`;
  if (typeof value === 'string') {
    const shown = value.length > previewChars ? `${value.slice(0, previewChars)}…` : value;
    // JSON escapes the controls; `escaped` the invisible characters JSON leaves as they are.
    return `the text ${escaped(JSON.stringify(shown))}`;
  }
  if (typeof value === 'number') return `the number ${String(value)}`;
  if (typeof value === 'boolean') return `the value ${String(value)}`;
  return 'an object';
}
