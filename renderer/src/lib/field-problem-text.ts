/**
 * A row's problems in the analyst's language. A FieldProblem is a field and a rule (never the
 * value), so one sentence per pair is enough: "CPF: check digits do not match". The words are the
 * Import screen's (features/import/messages-problems.ts); the import's row list, the row editor
 * and a stored row's details all say a problem the same way.
 */
import {
  isIsoShown,
  mergedValueCell,
  type FieldProblem,
  type TransactionField,
} from '../../../shared/domain/field-problem';
import type { Translate } from '../i18n/translate';
import type { MessageKey } from '../i18n/messages';

const problemFields: Record<TransactionField, MessageKey> = {
  sessionID: 'import.field.sessionID',
  externalID: 'import.field.externalID',
  cpf: 'import.field.cpf',
  email: 'import.field.email',
  phone: 'import.field.phoneAny',
  'phone.countryCode': 'import.field.countryCode',
  'phone.cityCode': 'import.field.cityCode',
  'phone.number': 'import.field.phoneNumber',
  zipCode: 'import.field.zipCode',
};

const formatRules: Record<TransactionField, MessageKey> = {
  sessionID: 'import.rule.format.sessionID',
  externalID: 'import.rule.format.externalID',
  cpf: 'import.rule.format.digitsPunctuation',
  email: 'import.rule.format.email',
  phone: 'import.rule.format.phone',
  'phone.countryCode': 'import.rule.format.digits',
  'phone.cityCode': 'import.rule.format.digits',
  'phone.number': 'import.rule.format.digits',
  zipCode: 'import.rule.format.digitsPunctuation',
};

const digitFields = new Set<TransactionField>([
  'cpf',
  'zipCode',
  'phone.countryCode',
  'phone.cityCode',
  'phone.number',
]);

function ruleText(t: Translate, problem: FieldProblem): string {
  switch (problem.rule) {
    case 'required':
      return t('import.rule.required');
    case 'format':
      return t(formatRules[problem.field]);
    case 'check_digits':
      return t('import.rule.checkDigits');
    case 'repeated_digits':
      return t('import.rule.repeatedDigits');
    case 'phone_incomplete':
      return t('import.rule.phoneIncomplete');
    case 'phone_non_geographic':
      return t('import.rule.phoneNonGeographic');
    case 'area_code':
      return t('import.rule.areaCode');
    case 'area_code_unmarked':
      return t('import.rule.areaCodeUnmarked');
    case 'digits_lost':
      return t('import.rule.digitsLost');
    case 'cell_error':
      return t('import.rule.cellError');
    case 'formula_cell':
      return t('import.rule.formulaCell');
    case 'merged_cell':
      return mergedText(t, problem);
    case 'date_cell':
      if (problem.shown === undefined) return t('import.rule.dateCellPlain');
      // A built-in format's date is kept as ISO: what the analyst's Excel shows is not known.
      return isIsoShown(problem.shown)
        ? t('import.rule.dateCellIso', { date: problem.shown })
        : t('import.rule.dateCell', { shown: problem.shown });
    case 'length': {
      const { min, max } = problem;
      if (min === undefined || max === undefined) return t('import.rule.length');
      const digits = digitFields.has(problem.field);
      if (min === max) {
        return t(digits ? 'import.rule.lengthExactDigits' : 'import.rule.lengthExactChars', {
          count: min,
        });
      }
      return t(digits ? 'import.rule.lengthDigits' : 'import.rule.lengthChars', { min, max });
    }
  }
}

/** Names the row's cell, the merged cells and where their value is, when the problem says. */
function mergedText(t: Translate, { cell, range }: FieldProblem): string {
  const value =
    cell === undefined || range === undefined ? undefined : mergedValueCell(cell, range);
  if (cell === undefined || range === undefined || value === undefined)
    return t('import.rule.merged');
  return value.sameRow
    ? t('import.rule.mergedAcross', { cell, range, first: value.first })
    : t('import.rule.mergedDown', { cell, range, row: String(value.row) });
}

/** `CPF: check digits do not match` / `CPF: dígitos verificadores não conferem`. */
export function describeProblem(t: Translate, problem: FieldProblem): string {
  const sentence = t('import.problem', {
    field: t(problemFields[problem.field]),
    rule: ruleText(t, problem),
  });
  // The code points of what an ID holds and no one can see (U+200B), in the row's own problems.
  return problem.found === undefined
    ? sentence
    : t('import.problem.found', { sentence, found: problem.found });
}
