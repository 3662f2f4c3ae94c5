import { settingsPatchSchema as sandboxSettingsSchema } from '../sandbox/settings';
import {
  describeBounds,
  settingBounds,
  withinBounds,
  type NumberBounds,
} from '../../shared/settings-bounds';
import { UsageError } from './io';

/**
 * A numeric flag, checked against the same bounds as its setting: a value the app would refuse
 * is a usage error here too, before anything is stored or sent. Only plain decimal digits are
 * taken (no `1e9`, `Infinity`, `0x10` or sign), so what is refused is never a surprise.
 */
export function numberFlag(
  text: string | undefined,
  name: string,
  bounds: NumberBounds,
  fallback: number,
): number {
  if (text === undefined) return fallback;
  const pattern = bounds.integer ? /^\d+$/ : /^\d+(\.\d+)?$/;
  const value = Number(text);
  if (!pattern.test(text) || !withinBounds(value, bounds))
    throw new UsageError(`--${name} takes ${describeBounds(bounds)}, not '${text}'.`);
  return value;
}

/** Like `numberFlag`, but absent stays absent (a flag that turns something on). */
export function optionalNumberFlag(
  text: string | undefined,
  name: string,
  bounds: NumberBounds,
): number | undefined {
  return text === undefined ? undefined : numberFlag(text, name, bounds, 0);
}

/** The embedded sandbox's own ranges, read from its settings schema. */
function sandboxBounds(key: 'latencyMs' | 'tokenTtlSeconds'): NumberBounds {
  const schema = sandboxSettingsSchema.shape[key].unwrap();
  return {
    min: schema.minValue ?? 0,
    max: schema.maxValue ?? 0,
    integer: schema.format?.includes('int') ?? false,
  };
}

export const flagBounds = {
  ...settingBounds,
  latencyMs: sandboxBounds('latencyMs'),
  tokenTtlSeconds: sandboxBounds('tokenTtlSeconds'),
  port: { min: 0, max: 65_535, integer: true },
} as const satisfies Record<string, NumberBounds>;
