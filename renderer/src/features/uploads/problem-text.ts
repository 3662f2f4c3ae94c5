import { shown } from '../../../../shared/domain/text';
import type { FileProblem, FileProblemCode } from '../../../../shared/outcomes/types';
import type { Translate } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/messages';

const problemKeys: Record<FileProblemCode, MessageKey> = {
  empty: 'uploads.problem.empty',
  header: 'uploads.problem.header',
  header_spacing: 'uploads.problem.header_spacing',
  field_count: 'uploads.problem.field_count',
  open_quote: 'uploads.problem.open_quote',
  after_quote: 'uploads.problem.after_quote',
  unreadable: 'uploads.problem.unreadable',
  too_large: 'uploads.problem.too_large',
  missing_transaction_id: 'uploads.problem.missing_transaction_id',
  missing_device_id: 'uploads.problem.missing_device_id',
  invalid_outcome: 'uploads.problem.invalid_outcome',
  duplicate_transaction_id: 'uploads.problem.duplicate_transaction_id',
  unsafe_value: 'uploads.problem.unsafe_value',
  digits_lost: 'uploads.problem.digits_lost',
  excel_error: 'uploads.problem.excel_error',
  transaction_id_length: 'uploads.problem.transaction_id_length',
  device_id_length: 'uploads.problem.device_id_length',
  edge_spaces: 'uploads.problem.edge_spaces',
};

/**
 * One problem of a response-variable file as a sentence in the analyst's language, led by its
 * line when it has one (line 0 means the whole file, and the sentence starts it). The English `message` is for logs only.
 */
export function problemText(problem: FileProblem, t: Translate): string {
  const sentence = t(problemKeys[problem.code], {
    // A size (MB) and a count of fields are written in the locale's notation; a value that may
    // hold any character (an unsafe value, the text after a quote) with its characters escaped.
    value:
      problem.code === 'too_large' || problem.code === 'field_count'
        ? Number(problem.value)
        : problem.code === 'unsafe_value' ||
            problem.code === 'header' ||
            problem.code === 'edge_spaces'
          ? `"${shown(problem.value ?? '')}"`
          : problem.code === 'after_quote'
            ? shown(problem.value ?? '')
            : (problem.value ?? ''),
    firstLine: problem.firstLine ?? 0,
    // Counted as the check counts (UTF-16 units), so the number agrees with the log's.
    length: (problem.value ?? '').length,
    expected: problem.expected ?? 0,
  });
  if (problem.line > 0) return t('uploads.problem.atLine', { line: problem.line, sentence });
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
