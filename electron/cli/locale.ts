import type { ReportLocale } from '../../shared/report/report-text';

/**
 * The language the environment asks for, as POSIX picks it: the first of LC_ALL, LC_MESSAGES
 * and LANG that is set and not empty (an empty one counts as unset). `pt…` is Portuguese
 * (Brazilian, the app's other language); anything else English.
 */
export function localeOf(env: NodeJS.ProcessEnv): ReportLocale {
  const chosen = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find(
    (value) => value !== undefined && value !== '',
  );
  return (chosen ?? '').toLowerCase().startsWith('pt') ? 'pt-BR' : 'en-US';
}
