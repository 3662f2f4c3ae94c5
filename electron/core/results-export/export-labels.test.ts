import { describe, expect, it } from 'vitest';
import { fieldOfHeader, mappableFields } from '../../../shared/spreadsheet/header-names';
import { outputColumns } from '../bulk/output';
import { exportHeader } from './results-table';

const isMappable = (column: string) => (mappableFields as readonly string[]).includes(column);

describe('the results export headers, read back by the import', () => {
  // A results file is imported again (as outcomes, or as a list to look up once more): each
  // header naming a transaction field must be one of that field's names, in both languages, and
  // no other header may be taken for a field (`ID do dispositivo` is not the external ID).
  for (const language of ['en', 'pt-BR'] as const)
    it(`maps each ${language} header to its own field, and no other`, () => {
      const header = exportHeader({ language });
      const mapped = header.map((name) => fieldOfHeader(name));
      expect(mapped).toEqual(outputColumns.map((column) => (isMappable(column) ? column : null)));
    });
});
