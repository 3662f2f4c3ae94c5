import type { Settings } from '../../../shared/settings';
import type { ExportLanguage } from './export-labels';

/** How the app writes a results file for the analyst who asked for it. */
export interface ExportStyle {
  /** Headers and labels (status, risk, review state). */
  language: ExportLanguage;
  /** The CSV column separator: the separator setting, the same as the response-variable files. */
  separator: ',' | ';';
  /**
   * The CSV decimal mark: `,` with `;`, `.` with `,`. Excel takes both from one regional setting:
   * where the list separator is `;` (Portuguese Windows) the decimal mark is `,`, and a `0.87` in
   * such a file is read as text; where it is `,`, a `0,87` would be.
   */
  decimal: '.' | ',';
}

/**
 * The style of the app's exports: the interface language (`system` follows the OS locale, as the
 * screen does) and the separator setting.
 */
export function exportStyle(
  settings: Pick<Settings, 'language' | 'responseSeparator'>,
  systemLocale: string,
): ExportStyle {
  const language =
    settings.language !== 'system'
      ? settings.language
      : systemLocale.toLowerCase().startsWith('pt')
        ? 'pt-BR'
        : 'en';
  const separator = settings.responseSeparator;
  return { language, separator, decimal: separator === ';' ? ',' : '.' };
}
