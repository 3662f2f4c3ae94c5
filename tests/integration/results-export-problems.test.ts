/**
 * A held-back row's problems in the "Messages" column of the window's results exports: in the
 * export's language, as its headers are, and as the window's row details say them. The command
 * line's output stays English.
 */
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outputColumns } from '../../electron/core/bulk/output';
import { describeExportProblem } from '../../electron/core/results-export/problem-words';
import type { FieldProblem, TransactionField } from '../../shared/domain/field-problem';
import { translate } from '../../renderer/src/i18n/translate';
import { describeProblem } from '../../renderer/src/lib/field-problem-text';
import { savedBytes } from '../support/result-handlers';
import { resultsFixture, unwrap, type ResultsFixture } from './results-fixture';

let fixture: ResultsFixture;
beforeAll(async () => (fixture = await resultsFixture()));
afterAll(() => fixture.close());

async function messagesOfInvalidRow(language: 'en' | 'pt-BR', format: 'csv' | 'xlsx') {
  fixture.settings.language = language;
  try {
    const file = unwrap(
      await fixture.handlers['results.export']({
        batchId: fixture.batchId,
        filter: { statuses: ['invalid'] },
        format,
      }),
    );
    const book = XLSX.read(savedBytes(file), { type: 'buffer', raw: format === 'csv' });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0] ?? '']!, {
      header: 1,
    });
    expect(rows).toHaveLength(2);
    return rows[1]?.[outputColumns.indexOf('messages')];
  } finally {
    delete fixture.settings.language;
  }
}

describe("a held-back row's problems in the results exports", () => {
  for (const format of ['csv', 'xlsx'] as const) {
    it(`are in Portuguese in a Portuguese ${format}`, async () => {
      expect(await messagesOfInvalidRow('pt-BR', format)).toBe(
        'CPF: dígitos verificadores não conferem',
      );
    });

    it(`stay in English in an English ${format}`, async () => {
      expect(await messagesOfInvalidRow('en', format)).toBe('CPF: the check digits do not match.');
    });
  }
});

describe("the export's Portuguese problem sentences", () => {
  const fields: TransactionField[] = [
    'sessionID',
    'externalID',
    'cpf',
    'email',
    'phone',
    'phone.countryCode',
    'phone.cityCode',
    'phone.number',
    'zipCode',
  ];
  const shapes: Array<Omit<FieldProblem, 'field'>> = [
    { rule: 'required' },
    { rule: 'length' },
    { rule: 'length', min: 8, max: 9 },
    { rule: 'length', min: 11, max: 11 },
    { rule: 'length', min: 1, max: 1 },
    { rule: 'format' },
    { rule: 'format', found: 'U+200B, U+00AD' },
    { rule: 'check_digits' },
    { rule: 'repeated_digits' },
    { rule: 'phone_incomplete' },
    { rule: 'phone_non_geographic' },
    { rule: 'area_code' },
    { rule: 'area_code_unmarked' },
    { rule: 'digits_lost' },
    { rule: 'cell_error' },
    { rule: 'formula_cell' },
    { rule: 'merged_cell' },
    { rule: 'merged_cell', cell: 'A3', range: 'A2:A3' },
    { rule: 'merged_cell', cell: 'C2', range: 'B2:C2' },
    { rule: 'date_cell' },
    { rule: 'date_cell', shown: '2023-03-15' },
    { rule: 'date_cell', shown: '15/03/2023' },
  ];

  it("are the window's, word for word, for every field and rule", () => {
    const pt = translate('pt-BR');
    for (const field of fields)
      for (const shape of shapes) {
        const problem: FieldProblem = { field, ...shape };
        expect(describeExportProblem(problem, 'pt-BR')).toBe(describeProblem(pt, problem));
      }
  });
});
