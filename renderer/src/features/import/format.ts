/** Small display helpers of the Import screen. */
import type { CsvEncoding } from '../../../../shared/spreadsheet/types';
import type { MessageKey } from '../../i18n/messages';

type FormatNumber = (value: number, options?: Intl.NumberFormatOptions) => string;

/** `1536` → `1.5 KB` (`1,5 KB` in Portuguese): binary units, as file managers show them. */
export function formatSize(bytes: number, number: FormatNumber): string {
  const units = ['bytes', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${number(value, { maximumFractionDigits: unit === 0 ? 0 : 1 })} ${units[unit] ?? 'bytes'}`;
}

export const encodingNames: Record<CsvEncoding, string> = {
  'utf-8': 'UTF-8',
  'utf-8-bom': 'UTF-8 (BOM)',
  'windows-1252': 'Windows-1252',
};

const delimiterKeys: Record<string, MessageKey> = {
  ';': 'import.delimiter.semicolon',
  ',': 'import.delimiter.comma',
  '\t': 'import.delimiter.tab',
  '|': 'import.delimiter.pipe',
};

export function delimiterKey(delimiter: string): MessageKey {
  return delimiterKeys[delimiter] ?? 'import.delimiter.comma';
}
