/**
 * Tolerant readers for JSON the service sends. Its .NET side has answered with different key
 * casings (`deviceID`, `DeviceId`) and with numbers as strings, so answers are read by meaning,
 * not by exact shape.
 */

/** A JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The object's own fields by lower-cased key. When two keys differ only in case, the first one
 * wins; `duplicates` lists the original keys of the others so that nothing is silently lost.
 */
export function fieldsByLowerKey(record: Record<string, unknown>): {
  fields: Map<string, { key: string; value: unknown }>;
  duplicates: string[];
} {
  const fields = new Map<string, { key: string; value: unknown }>();
  const duplicates: string[] = [];
  for (const [key, value] of Object.entries(record)) {
    const lower = key.toLowerCase();
    if (fields.has(lower)) duplicates.push(key);
    else fields.set(lower, { key, value });
  }
  return { fields, duplicates };
}

/** The value of the first key matching `name` case-insensitively, or undefined. */
export function pick(record: Record<string, unknown>, name: string): unknown {
  const lower = name.toLowerCase();
  for (const [key, value] of Object.entries(record)) {
    if (key.toLowerCase() === lower) return value;
  }
  return undefined;
}

const numericText = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/** A finite number, from a number or a plain decimal string (`"0.42"`, `" 12 "`); else null. */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || !numericText.test(value.trim())) return null;
  const number = Number(value.trim());
  return Number.isFinite(number) ? number : null;
}

/** An integer, from a number or a numeric string (`"12"`, `12.0`); else null. */
export function toInteger(value: unknown): number | null {
  const number = toNumber(value);
  return number !== null && Number.isInteger(number) ? number : null;
}

/** A string as is, or null for anything else. */
export function toText(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/**
 * Sets an own enumerable property, even for a key such as `__proto__` that plain assignment would
 * treat as the object's prototype.
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}
