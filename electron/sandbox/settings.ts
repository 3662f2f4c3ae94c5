import { z } from 'zod';
import type { FaultRates, SandboxSettings } from './types';

/** The defaults: no credentials needed, tokens for an hour, no latency, no faults. */
export const defaultSettings: SandboxSettings = {
  credentials: null,
  tokenTtlSeconds: 3600,
  expiryField: 'expiresInSeconds',
  jwtTokens: true,
  latencyMs: 0,
  faults: {},
  retryAfterSeconds: 1,
};

const probability = z.number().min(0).max(1);

const faultsSchema = z.strictObject({
  429: probability.optional(),
  500: probability.optional(),
  502: probability.optional(),
  503: probability.optional(),
  504: probability.optional(),
  reset: probability.optional(),
});

/** A patch of settings, as `configure` and `POST /__sandbox/configure` accept it. */
export const settingsPatchSchema = z.strictObject({
  credentials: z
    .strictObject({ username: z.string().min(1), password: z.string().min(1) })
    .nullable()
    .optional(),
  tokenTtlSeconds: z
    .number()
    .int()
    .min(0)
    .max(10 * 365 * 24 * 3600)
    .optional(),
  expiryField: z
    .enum(['expiresInSeconds', 'expiresIn', 'expires_in', 'expiresAt', 'none'])
    .optional(),
  jwtTokens: z.boolean().optional(),
  latencyMs: z.number().int().min(0).max(120_000).optional(),
  faults: faultsSchema.optional(),
  retryAfterSeconds: z.number().int().min(0).max(86_400).nullable().optional(),
});

/** Copies the fault rates, keeping only the known kinds. */
function copyFaults(faults: FaultRates): FaultRates {
  const copy: FaultRates = {};
  for (const key of ['429', '500', '502', '503', '504', 'reset'] as const) {
    const value = faults[key];
    if (value !== undefined) copy[key] = value;
  }
  return copy;
}

/**
 * Returns new settings with the patch applied. Throws a readable Error when the patch is invalid,
 * so a typo in a test fails loudly instead of being ignored.
 */
export function applySettingsPatch(current: SandboxSettings, patch: unknown): SandboxSettings {
  const parsed = settingsPatchSchema.safeParse(patch);
  if (!parsed.success) {
    const issues = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
    throw new Error(`Invalid sandbox settings: ${issues.join('; ')}`);
  }
  const next: SandboxSettings = { ...current, faults: copyFaults(current.faults) };
  const value = parsed.data;
  if (value.credentials !== undefined)
    next.credentials = value.credentials === null ? null : { ...value.credentials };
  if (value.tokenTtlSeconds !== undefined) next.tokenTtlSeconds = value.tokenTtlSeconds;
  if (value.expiryField !== undefined) next.expiryField = value.expiryField;
  if (value.jwtTokens !== undefined) next.jwtTokens = value.jwtTokens;
  if (value.latencyMs !== undefined) next.latencyMs = value.latencyMs;
  if (value.faults !== undefined) next.faults = copyFaults(value.faults);
  if (value.retryAfterSeconds !== undefined) next.retryAfterSeconds = value.retryAfterSeconds;
  return next;
}
