import { z } from 'zod';
import { baseUrlProblem, credentialLimits, defaultBaseUrls, environmentNames } from './environment';
import { responseSeparators } from './outcomes/types';
import { settingBounds, type NumberBounds } from './settings-bounds';

/** Checked wherever it is stored (the app, `dcdesk settings set`): https, or http on loopback. */
const baseUrl = z
  .string()
  .trim()
  .min(1)
  .max(credentialLimits.baseUrl)
  .superRefine((url, context) => {
    const problem = baseUrlProblem(url);
    if (problem) context.addIssue({ code: 'custom', message: problem.replace(/\.$/, '') });
  });

/** A number within its bounds (settings-bounds.ts, the one place they are stated). */
function bounded(bounds: NumberBounds) {
  const number = z.number().min(bounds.min).max(bounds.max);
  return bounds.integer ? number.int() : number;
}

/**
 * The analyst's settings, kept in the history database. One schema for the app, the command line
 * and the checks at every door: a stored value that no longer parses falls back to its default.
 * Credentials are not settings: they live in the OS keychain.
 */
export const settingsSchema = z.object({
  /** Days a batch and its results are kept before the purge at start. */
  retentionDays: bounded(settingBounds.retentionDays).default(90),
  /** Requests in flight at once during a batch. */
  concurrency: bounded(settingBounds.concurrency).default(8),
  /** At most this many requests per second; null for no limit. */
  ratePerSecond: bounded(settingBounds.ratePerSecond).nullable().default(null),
  /** Time limit of one request, in milliseconds. */
  timeoutMs: bounded(settingBounds.timeoutMs).default(30_000),
  /**
   * Minutes a token is kept when the service's sign-in answer names no expiry and the token is
   * no JWT with one (spec 5.6: a configurable lifetime); a 401 ends it sooner.
   */
  tokenLifetimeMinutes: bounded(settingBounds.tokenLifetimeMinutes).default(30),
  /** Largest number of data rows an imported spreadsheet may have. */
  maxRows: bounded(settingBounds.maxRows).default(settingBounds.maxRows.max),
  /** The environment the app works in; a new install starts in the sandbox. */
  activeEnvironment: z.enum(environmentNames).default('sandbox'),
  /** Editable addresses of the real service. */
  productionBaseUrl: baseUrl.default(defaultBaseUrls.production),
  testBaseUrl: baseUrl.default(defaultBaseUrls.test),
  /** Interface language; `system` follows the OS locale. */
  language: z.enum(['system', 'en', 'pt-BR']).default('system'),
  /** Colour scheme; `system` follows the OS. */
  theme: z.enum(['system', 'light', 'dark']).default('system'),
  /** Column separator of the response-variable files the app builds. */
  responseSeparator: z.enum(responseSeparators).default(','),
  /** The first-run guided tour was closed; it opens by itself only while this is false. */
  tourDismissed: z.boolean().default(false),
  /**
   * The analyst's name in a team's trail (issue 17); empty for the OS user's. No line breaks or
   * control characters, so a name cannot forge a line of a log.
   */
  analystName: z
    .string()
    .trim()
    .max(80)
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'The name must not hold control characters')
    .default(''),
});

export type Settings = z.infer<typeof settingsSchema>;
export type SettingKey = keyof Settings;

export const settingKeys = Object.keys(settingsSchema.shape) as SettingKey[];

export const defaultSettings: Settings = settingsSchema.parse({});

/**
 * A change to some settings, checked key by key; unknown keys are refused. Built from each field
 * without its default: `.partial()` would fill every absent key with its default, and a change of
 * one setting would reset all the others.
 */
export const settingsPatchSchema = z
  .object({
    retentionDays: settingsSchema.shape.retentionDays.unwrap().optional(),
    concurrency: settingsSchema.shape.concurrency.unwrap().optional(),
    ratePerSecond: settingsSchema.shape.ratePerSecond.unwrap().optional(),
    timeoutMs: settingsSchema.shape.timeoutMs.unwrap().optional(),
    tokenLifetimeMinutes: settingsSchema.shape.tokenLifetimeMinutes.unwrap().optional(),
    maxRows: settingsSchema.shape.maxRows.unwrap().optional(),
    activeEnvironment: settingsSchema.shape.activeEnvironment.unwrap().optional(),
    productionBaseUrl: settingsSchema.shape.productionBaseUrl.unwrap().optional(),
    testBaseUrl: settingsSchema.shape.testBaseUrl.unwrap().optional(),
    language: settingsSchema.shape.language.unwrap().optional(),
    theme: settingsSchema.shape.theme.unwrap().optional(),
    responseSeparator: settingsSchema.shape.responseSeparator.unwrap().optional(),
    tourDismissed: settingsSchema.shape.tourDismissed.unwrap().optional(),
    analystName: settingsSchema.shape.analystName.unwrap().optional(),
  })
  .strict() satisfies z.ZodType<Partial<Settings>>;

/** Reads settings from stored values, keeping the default for any value that does not parse. */
export function settingsFrom(stored: Partial<Record<string, unknown>>): Settings {
  const settings: Record<string, unknown> = { ...defaultSettings };
  for (const key of settingKeys) {
    if (!(key in stored)) continue;
    const parsed = settingsSchema.shape[key].safeParse(stored[key]);
    if (parsed.success) settings[key] = parsed.data;
  }
  return settings as Settings;
}
