import { userInfo } from 'node:os';

/** The OS user's name, the analyst's name when none is set; "analyst" when the OS has none. */
export function osAnalyst(): string {
  try {
    return userInfo().username || 'analyst';
  } catch {
    return 'analyst';
  }
}

/** Longest analyst name kept: a name, not a paragraph. */
export const maxAnalystLength = 80;

/**
 * A name as it may be shown and logged: no control characters, line or paragraph separators or
 * direction overrides (a name cannot forge a line or reverse what follows it), at most
 * `maxAnalystLength` characters, never cut inside one.
 */
export function cleanName(name: string): string {
  const visible = name.replace(hidden, '').trim();
  const graphemes = Array.from(
    new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(visible),
  );
  return graphemes
    .slice(0, maxAnalystLength)
    .map((part) => part.segment)
    .join('')
    .trim();
}

/** Control characters, line and paragraph separators, direction marks and overrides. */
const hidden =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * Who is making changes here: `DCDESK_ANALYST` for one command, else the name in the settings,
 * else the OS user.
 */
export function analystName(setting: string, env: NodeJS.ProcessEnv = process.env): string {
  return cleanName(env.DCDESK_ANALYST ?? '') || cleanName(setting) || osAnalyst();
}
