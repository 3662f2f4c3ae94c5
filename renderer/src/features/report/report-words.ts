import { useMemo } from 'react';
import { reportText, type ReportLocale } from '../../../../shared/report/report-text';
import { useI18n } from '../../i18n/i18n';
import type { Locale } from '../../i18n/messages';

/** The app's language as the report's locale. */
export const reportLocaleOf = (locale: Locale): ReportLocale =>
  locale === 'pt-BR' ? 'pt-BR' : 'en-US';

/** The report's words and number formats in the app's language: the same as the exported page. */
export function useReportText() {
  const { locale } = useI18n();
  return useMemo(() => reportText(reportLocaleOf(locale)), [locale]);
}

export type ReportTextOf = ReturnType<typeof useReportText>;
