/** Small display helpers of the Import screen (sizes: lib/format). */
import type { CsvEncoding } from '../../../../shared/spreadsheet/types';
import type { MessageKey } from '../../i18n/messages';

export const encodingNames: Record<CsvEncoding, string> = {
  'utf-8': 'UTF-8',
  'utf-8-bom': 'UTF-8 (BOM)',
  'windows-1252': 'Windows-1252',
  'mac-roman': 'Mac Roman',
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
