/**
 * The Import screen's words for its columns and for a file it cannot read. A row's problems are
 * worded by lib/field-problem-text.ts, which the results' details share.
 */
import type { MappableField } from '../../../../shared/spreadsheet/columns';
import type { Translate } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/messages';
import type { ImportProblem } from './import-reducer';

/** Labels of the columns a file can give, for the mapping table and the row editor. */
export const fieldLabels: Record<MappableField, MessageKey> = {
  sessionID: 'import.field.sessionID',
  externalID: 'import.field.externalID',
  cpf: 'import.field.cpf',
  email: 'import.field.email',
  phone: 'import.field.phone',
  countryCode: 'import.field.countryCode',
  cityCode: 'import.field.cityCode',
  phoneNumber: 'import.field.phoneNumber',
  zipCode: 'import.field.zipCode',
};

const readProblems: Record<ImportProblem['code'], MessageKey> = {
  empty: 'import.read.empty',
  unsupported: 'import.read.unsupported',
  corrupt: 'import.read.corrupt',
  zip_bomb: 'import.read.zip_bomb',
  too_many_rows: 'import.read.too_many_rows',
  too_many_columns: 'import.read.too_many_columns',
  too_large: 'import.read.too_large',
  no_sheet: 'import.read.no_sheet',
  mixed_encoding: 'import.read.mixed_encoding',
  worker: 'import.read.worker',
};

/** The headline of a file that cannot be imported; the problem's English `message` is the detail. */
export function describeReadProblem(t: Translate, problem: ImportProblem): string {
  const counts: Record<string, number | string> =
    'found' in problem ? { found: problem.found ?? '?', limit: problem.limit ?? '?' } : {};
  if ('line' in problem) counts.line = problem.line ?? '?';
  // The core tells a password apart only in its sentence (the code is `unsupported`, as for any
  // file it cannot open); "not a spreadsheet" would send the analyst looking for the wrong file.
  if (problem.code === 'unsupported' && /protected with a password/i.test(problem.message))
    return t('import.read.password');
  return t(readProblems[problem.code], counts);
}
