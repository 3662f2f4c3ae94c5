/**
 * Personal data on the Import screen: shown masked unless the analyst asks to see it, so a
 * screen share or a look over the shoulder reveals a record's shape, not the person.
 */
import type { FieldProblem, TransactionField } from '../../../../shared/domain/field-problem';
import { maskCpf, maskEmail, maskName, maskPhone, maskZip } from '../../../../shared/domain/mask';
import {
  maskCpfAsSent,
  maskPhoneAsSent,
  maskZipAsSent,
} from '../../../../shared/domain/mask-as-sent';
import type { RawTransaction, Transaction } from '../../../../shared/domain/types';
import type { MappableField } from '../../../../shared/spreadsheet/columns';
import { fieldOfHeader } from '../../../../shared/spreadsheet/header-names';
import type { Cell } from '../../../../shared/spreadsheet/types';
import { looksLikeData } from '../../../../shared/domain/data-like';

/** A cell value as shown: masked for the personal fields unless `show`. */
export function shownValue(field: MappableField, value: string, show: boolean): string {
  if (show) return value;
  switch (field) {
    case 'cpf':
      return maskCpf(value);
    case 'email':
      return maskEmail(value);
    case 'phone':
    case 'phoneNumber':
      return maskPhone(value);
    case 'zipCode':
      return maskZip(value);
    case 'sessionID':
    case 'externalID':
    case 'countryCode':
    case 'cityCode':
      return value;
  }
}

/**
 * The request body with its personal data masked, keys in the interface's order, each value in
 * the shape it is sent (`***080218**`, not the display's `***.080.218-**`): the preview promises
 * the exact request.
 */
export function maskTransaction(transaction: Transaction): Transaction {
  const masked: Transaction = { ...transaction };
  if (masked.cpf !== undefined) masked.cpf = maskCpfAsSent(masked.cpf);
  if (masked.email !== undefined) masked.email = maskEmail(masked.email);
  if (masked.phone !== undefined)
    masked.phone = { ...masked.phone, number: maskPhoneAsSent(masked.phone.number) };
  if (masked.zipCode !== undefined) masked.zipCode = maskZipAsSent(masked.zipCode);
  return masked;
}

/** The column a problem's value came from: the whole phone when the row has one, else the part. */
export function sourceField(field: TransactionField, raw: RawTransaction): MappableField {
  const whole = (raw.phone ?? '').trim() !== '';
  switch (field) {
    case 'phone.countryCode':
      return whole ? 'phone' : 'countryCode';
    case 'phone.cityCode':
      return whole ? 'phone' : 'cityCode';
    case 'phone.number':
      return whole ? 'phone' : 'phoneNumber';
    case 'phone':
      return whole || (raw.phoneNumber ?? '').trim() === '' ? 'phone' : 'phoneNumber';
    default:
      return field;
  }
}

/** The columns holding the values at fault, each once, in the order of the problems. */
export function offendingFields(problems: FieldProblem[], raw: RawTransaction): MappableField[] {
  return [...new Set(problems.map((problem) => sourceField(problem.field, raw)))];
}

/** How a row of the header-row choice may be shown beyond the masked default. */
export interface PreviewOptions {
  /**
   * The row chosen as the header row: its cells are column names, shown as written (the column
   * choices show them as written too), unless one holds a customer's data (`shownHeaders`).
   */
  header?: boolean;
  /** Values known not to be a person's, such as an outcome ("fraude"), shown as written. */
  plain?: (text: string) => boolean;
}

/**
 * A cell of a candidate header row as the header-row choice shows it. A header the app knows
 * (`CPF`, `E-mail`, `ID externo`), a cell of the chosen header row and a value known not to be
 * personal are shown as written; anything else may be a customer's data, so digits and `@`
 * become `…` and other text (a name) is masked like the other personal data.
 */
function previewCell(text: string, options: PreviewOptions): string {
  const trimmed = text.trim();
  if (trimmed === '') return '–';
  if (options.header === true || options.plain?.(trimmed) === true) return trimmed;
  if (/[\d@]/.test(trimmed)) return '…';
  return fieldOfHeader(trimmed) === null ? maskName(trimmed) : trimmed;
}

/**
 * A row's first cells for the header-row choice, one per column: an empty cell shows as `–` so
 * the columns of a row with a blank CPF line up with the others; trailing empty cells are left out.
 */
export function rowPreview(
  cells: readonly Cell[],
  maxLength = 60,
  options: PreviewOptions = {},
): string {
  // A chosen header row holding a customer's data (a file without one) is shown as data.
  const header = options.header === true && !cells.some((cell) => looksLikeData(cell?.text ?? ''));
  const texts = cells.map((cell) => previewCell(cell?.text ?? '', { ...options, header }));
  while (texts.at(-1) === '–') texts.pop();
  const joined = texts.join(' | ');
  return joined.length > maxLength ? `${joined.slice(0, maxLength - 1)}…` : joined;
}
