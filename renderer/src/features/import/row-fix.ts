/** The fields the row editor offers, and the fix it produces: pure, so the editor stays thin. */
import type { RawTransaction } from '../../../../shared/domain/types';
import { mappableFields } from '../../../../shared/spreadsheet/columns';
import type { ColumnMapping, MappableField } from '../../../../shared/spreadsheet/columns';
import { sourceField } from './personal-data';
import type { RowView } from './effective-report';

/**
 * The mapped fields, plus any field a problem points at that is not mapped (a phone number
 * without a DDD column gets a DDD input), so every problem can be fixed in the editor.
 */
export function editorFields(mapping: ColumnMapping, view: RowView): MappableField[] {
  const wanted = new Set<MappableField>(
    mappableFields.filter((field) => mapping[field] !== undefined),
  );
  for (const problem of view.problems) {
    if (problem.rule === 'phone_incomplete' && !wanted.has('phone')) wanted.add('cityCode');
    else wanted.add(sourceField(problem.field, view.raw));
  }
  return mappableFields.filter((field) => wanted.has(field));
}

/** The row's values for the editor's inputs, `''` where the row has none. */
export function draftOf(
  raw: RawTransaction,
  fields: MappableField[],
): Record<MappableField, string> {
  const draft = {} as Record<MappableField, string>;
  for (const field of mappableFields)
    draft[field] = fields.includes(field) ? (raw[field] ?? '') : '';
  return draft;
}

/** The fix to store: the edited fields, blank ones left out as a blank cell would be. */
export function fixOf(
  draft: Record<MappableField, string>,
  fields: MappableField[],
): RawTransaction {
  const raw: RawTransaction = {};
  for (const field of fields) {
    if (draft[field].trim() !== '') raw[field] = draft[field];
  }
  return raw;
}
