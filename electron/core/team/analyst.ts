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
 * Who is making changes here: `DCDESK_ANALYST` for one command, else the name in the settings,
 * else the OS user. Control characters are removed, so a name cannot forge a line of a log.
 */
export function analystName(setting: string, env: NodeJS.ProcessEnv = process.env): string {
  const chosen = (env.DCDESK_ANALYST ?? '').trim() || setting.trim() || osAnalyst();
  // eslint-disable-next-line no-control-regex
  return chosen.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, maxAnalystLength) || osAnalyst();
}
