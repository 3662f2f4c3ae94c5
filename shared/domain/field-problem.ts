/**
 * What can be wrong with a transaction, as data: a field and a rule, never the value (it may be
 * personal data). The command line prints {@link describeFieldProblem}; the UI translates by
 * `field` and `rule`.
 */

export type TransactionField =
  | 'sessionID'
  | 'externalID'
  | 'cpf'
  | 'email'
  | 'phone'
  | 'phone.countryCode'
  | 'phone.cityCode'
  | 'phone.number'
  | 'zipCode';

/**
 * `digits_lost` is not a rule of the interface: the spreadsheet stored the value as a number of
 * more than 15 digits, so it is not what was typed (see shared/spreadsheet/lost-digits.ts).
 * Nor is `cell_error`: the cell held an Excel error such as #N/A (shared/spreadsheet/error-cells.ts).
 * Nor is `merged_cell`: the cell is covered by merged cells whose value Excel keeps in their first
 * cell only, so it is empty in the file though Excel shows a value there (merged-cells.ts).
 * Nor is `date_cell`: an ID cell Excel shows as a date, which is not an ID (date-cells.ts).
 * Nor is `formula_cell`: a formula saved without its value, so what Excel would show is unknown
 * (formula-cells.ts).
 */
export type ProblemRule =
  | 'required'
  | 'length'
  | 'format'
  | 'check_digits'
  | 'repeated_digits'
  | 'phone_incomplete'
  | 'phone_non_geographic'
  | 'area_code'
  | 'area_code_unmarked'
  | 'digits_lost'
  | 'cell_error'
  | 'merged_cell'
  | 'date_cell'
  | 'formula_cell';

export interface FieldProblem {
  field: TransactionField;
  rule: ProblemRule;
  /** For `length`: the inclusive bounds the value missed. */
  min?: number;
  max?: number;
  /**
   * For `format` of an ID: the unsafe characters found, as code points (`U+200B, U+00AD`). An
   * invisible character cannot be seen in the cell, so the message has to say which it is; a code
   * point is never personal data.
   */
  found?: string;
  /** For `merged_cell`: the row's cell (`A3`) and the merged cells it is part of (`A2:A3`). */
  cell?: string;
  range?: string;
  /** For `date_cell`: what Excel shows in the cell (`15/03/2023`). */
  shown?: string;
}

/**
 * The problem without what was found in one row's value or where its cell is: the rule, as counted
 * over many rows.
 */
export function ruleOf(problem: FieldProblem): FieldProblem {
  const { found, cell, range, shown, ...rule } = problem;
  return found === undefined && cell === undefined && range === undefined && shown === undefined
    ? problem
    : rule;
}

/**
 * Where the value of merged cells is, for a cell they cover: `on row 2` when the cell is on
 * another row, `in B2` when it is on the same row (merged across columns). `row` is the 1-based
 * row of the value's cell, `first` that cell; undefined when `range` is not `A2:A3`-like.
 */
export function mergedValueCell(
  cell: string,
  range: string,
): { first: string; row: number; sameRow: boolean } | undefined {
  const first = /^([A-Z]+)(\d+):/.exec(range);
  const own = /^[A-Z]+(\d+)$/.exec(cell);
  if (first === null || own === null) return undefined;
  const row = Number(first[2]);
  return { first: `${first[1] ?? ''}${String(row)}`, row, sameRow: Number(own[1]) === row };
}

/** Lengths of the interface (spec section 8), inclusive. Text is measured in UTF-16 units. */
export const transactionLimits = {
  sessionID: { min: 24, max: 64 },
  externalID: { min: 6, max: 64 },
  cpf: { min: 11, max: 11 },
  email: { min: 10, max: 256 },
  zipCode: { min: 8, max: 11 },
  'phone.countryCode': { min: 1, max: 3 },
  'phone.cityCode': { min: 2, max: 3 },
  'phone.number': { min: 8, max: 9 },
} as const satisfies Partial<Record<TransactionField, { min: number; max: number }>>;

export type LimitedField = keyof typeof transactionLimits;

/** A `length` problem carrying the field's bounds. */
export function lengthProblem(field: LimitedField): FieldProblem {
  const { min, max } = transactionLimits[field];
  return { field, rule: 'length', min, max };
}

/** Whether the value's length is within the field's bounds. */
export function withinLimits(field: LimitedField, value: string): boolean {
  const { min, max } = transactionLimits[field];
  return value.length >= min && value.length <= max;
}

const fieldLabels: Record<TransactionField, string> = {
  sessionID: 'Session ID',
  externalID: 'External ID',
  cpf: 'CPF',
  email: 'E-mail',
  phone: 'Phone',
  'phone.countryCode': 'Phone country code',
  'phone.cityCode': 'Phone area code',
  'phone.number': 'Phone number',
  zipCode: 'ZIP code',
};

const idFormat =
  'must not contain control characters (such as tab, NUL or ESC), direction marks or invisible ' +
  'characters (such as a zero-width space or a soft hyphen), nor U+FFFD, a character lost when ' +
  'the file was decoded.';

const formatRules: Record<TransactionField, string> = {
  sessionID: idFormat,
  externalID: idFormat,
  cpf: 'must contain only digits (dots, dashes and slashes are ignored).',
  email: 'is not a valid e-mail address.',
  phone: 'cannot be read; write it like +55 (11) 98765-4321.',
  'phone.countryCode': 'must contain only digits.',
  'phone.cityCode': 'must contain only digits.',
  'phone.number': 'must contain only digits.',
  zipCode: 'must contain only digits (dashes, dots and spaces are ignored).',
};

/** Fields whose length counts digits rather than characters. */
const digitFields = new Set<TransactionField>([
  'cpf',
  'zipCode',
  'phone.countryCode',
  'phone.cityCode',
  'phone.number',
]);

/**
 * Whether a date cell's `shown` is the ISO date (`2023-03-15`, `2023-03-15 10:30:00`, `10:30:00`)
 * the reader keeps for Excel's built-in date formats. Those follow the computer's own date style
 * (15/03/2023 in Brazil, 3/15/2023 in the US), which the file does not hold, so a message then says
 * the date itself, never "Excel shows" it.
 */
export function isIsoShown(shown: string): boolean {
  return /^(\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?|\d{2}:\d{2}:\d{2})$/.test(shown);
}

/** `Excel shows 15/03/2023`, or the ISO date alone when what Excel shows is not known. */
function shownDate(shown: string): string {
  return isIsoShown(shown) ? shown : `Excel shows ${shown}`;
}

/**
 * One English sentence naming the field and the rule, e.g. `CPF: the check digits do not match.`
 * or `Session ID: must be 24 to 64 characters.` Safe to print: it never holds the value.
 */
export function describeFieldProblem(problem: FieldProblem): string {
  const found = problem.found === undefined ? '' : ` Found: ${problem.found}.`;
  return `${fieldLabels[problem.field]}: ${ruleSentence(problem)}${found}`;
}

function ruleSentence(problem: FieldProblem): string {
  switch (problem.rule) {
    case 'required':
      return 'a value is required.';
    case 'length':
      return lengthSentence(problem);
    case 'format':
      return formatRules[problem.field];
    case 'check_digits':
      return 'the check digits do not match.';
    case 'repeated_digits':
      return 'a sequence of one repeated digit is not a valid number.';
    case 'phone_incomplete':
      return 'an area code (DDD) is needed with the number.';
    case 'phone_non_geographic':
      return (
        'a non-geographic number (0800, 0300, 4004 and the like) has no area code (DDD) to ' +
        "send; give the customer's mobile or landline number with its DDD, or leave the phone out."
      );
    case 'area_code':
      return 'not a Brazilian area code (DDD): they run from 11 to 99, and none starts with 0.';
    case 'area_code_unmarked':
      return (
        'outside Brazil the area code cannot be told from the number by counting digits; write ' +
        'it in parentheses, as in +1 (212) 5555-1234, after the country code and a space, as in ' +
        '+1 212 5555-1234, or separately (an area code column, or --city-code).'
      );
    case 'digits_lost':
      return (
        'the cell is a number of more than 15 digits, and Excel keeps only 15, so this is not ' +
        'the value typed. Format the column as Text in Excel and type it again, or save the file ' +
        'as CSV from the source system.'
      );
    case 'cell_error':
      return (
        'the cell holds an Excel error (such as #N/A or #NAME?), not a value. Fix the formula ' +
        'or type the value in Excel, then import the file again.'
      );
    case 'formula_cell':
      return (
        'the cell holds a formula saved without its value, so what Excel would show is not in ' +
        'the file. Open the file in Excel or LibreOffice and save it, so the values are ' +
        'computed, then import it again.'
      );
    case 'merged_cell':
      return mergedSentence(problem);
    case 'date_cell':
      return (
        `the cell is a date${problem.shown === undefined ? '' : ` (${shownDate(problem.shown)})`}, ` +
        'not an ID. Format the column as Text in Excel and type the IDs again, or save the file ' +
        'as CSV from the source system.'
      );
  }
}

/** The row's cell and the merged cells are named when known (one row's problem, not a count). */
function mergedSentence({ cell, range }: FieldProblem): string {
  const value =
    cell === undefined || range === undefined ? undefined : mergedValueCell(cell, range);
  if (cell === undefined || range === undefined || value === undefined)
    return (
      'the cell is empty — it is part of merged cells whose value is on another row or column; ' +
      'unmerge them in Excel and fill in each cell.'
    );
  const where = value.sameRow ? `in ${value.first}` : `on row ${String(value.row)}`;
  return (
    `the cell is empty — ${cell} is part of the merged cells ${range}, whose value is ${where}; ` +
    `unmerge them in Excel and fill in each ${value.sameRow ? 'cell' : 'row'}.`
  );
}

function lengthSentence(problem: FieldProblem): string {
  const unit = digitFields.has(problem.field) ? 'digits' : 'characters';
  const { min, max } = problem;
  if (min === undefined || max === undefined) return 'has the wrong length.';
  return min === max ? `must be ${min} ${unit}.` : `must be ${min} to ${max} ${unit}.`;
}
