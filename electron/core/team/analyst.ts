import { userInfo } from 'node:os';
import { shown, unsafeCharacters } from '../../../shared/domain/text';

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
 * A name as it may be shown, logged and bound to a team login: no character no one can see
 * (controls, line or paragraph separators, direction marks and overrides, zero-width and other
 * invisible characters, U+FFFD: `unsafeCharacters`), so a name cannot forge a line, reverse what
 * follows it or pass for a colleague's ("Ana Lima" and a zero-width space); its accents joined
 * (NFC), as the same name typed elsewhere has them; at most `maxAnalystLength` characters, never
 * cut inside one.
 */
export function cleanName(name: string): string {
  const visible = name
    .normalize('NFC')
    .replace(unsafeCharacters(), '')
    .replace(separators, '')
    .trim();
  const graphemes = Array.from(
    new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(visible),
  );
  return graphemes
    .slice(0, maxAnalystLength)
    .map((part) => part.segment)
    .join('')
    .trim();
}

/** The line and paragraph separators (not in `unsafeCharacters`: they are visible breaks). */
const separators = /[\u2028\u2029]/g;

/**
 * A colleague's name as the team database holds it, to be shown here: what cannot be seen is
 * shown escaped (`Ana Lima\u200b`), not dropped, so a name written to pass for another's (by an
 * older version, or by hand in the database) never reads as that one.
 */
export function pulledName(name: string): string {
  // Escaped, nothing is left for `cleanName` to drop: it only trims and caps the length.
  return cleanName(shown(name.normalize('NFC')));
}

/**
 * Who is making changes here: `DCDESK_ANALYST` for one command, else the name in the settings,
 * else the OS user.
 */
export function analystName(setting: string, env: NodeJS.ProcessEnv = process.env): string {
  return cleanName(env.DCDESK_ANALYST ?? '') || cleanName(setting) || osAnalyst();
}
