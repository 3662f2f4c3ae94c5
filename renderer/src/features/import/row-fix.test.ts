import { describe, expect, it } from 'vitest';
import type { RowView } from './effective-report';
import { draftOf, editorFields, fixOf } from './row-fix';

const view = (raw: RowView['raw'], problems: RowView['problems']): RowView => ({
  row: 4,
  raw,
  sheetRaw: raw,
  notes: [],
  problems,
  originalProblems: problems,
  state: 'invalid',
  fixed: false,
});

describe('the row editor', () => {
  it('offers the mapped fields in the interface order', () => {
    const fields = editorFields({ cpf: 3, externalID: 0, sessionID: 1 }, view({}, []));
    expect(fields).toEqual(['sessionID', 'externalID', 'cpf']);
  });

  it('adds a DDD input when the number has no area code and no whole phone column', () => {
    const fields = editorFields(
      { sessionID: 0, externalID: 1, phoneNumber: 2 },
      view({ phoneNumber: '987654321' }, [{ field: 'phone', rule: 'phone_incomplete' }]),
    );
    expect(fields).toEqual(['sessionID', 'externalID', 'cityCode', 'phoneNumber']);
  });

  it('prefills from the row and stores only the filled fields', () => {
    const fields = editorFields({ sessionID: 0, externalID: 1, email: 2 }, view({}, []));
    const draft = draftOf({ sessionID: 's', externalID: 'e', cpf: 'not offered' }, fields);
    expect(draft).toMatchObject({ sessionID: 's', externalID: 'e', email: '', cpf: '' });
    expect(fixOf({ ...draft, email: '  ' }, fields)).toEqual({ sessionID: 's', externalID: 'e' });
  });
});
