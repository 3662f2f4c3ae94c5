import { writeFileSync } from 'node:fs';
import * as XLSX from 'xlsx';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../tests/support/files';
import { readOutcomeSheet } from './outcome-sheet';

const work = tempDir('dcdesk-outcome-sheet-');
afterAll(() => work.remove());

describe('an outcomes sheet whose transaction id Excel stored with more than 15 digits', () => {
  it('leaves the row out, and says which row, column and id', async () => {
    const book = XLSX.utils.book_new();
    // Typed as a number: the double it becomes has lost the last digits.
    const typed = Number('12345678901234567890');
    const rows = [
      ['Resultado', 'ID Transacional'],
      ['Suspeito', typed],
      ['Suspeito', 'PED-000002'],
    ];
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Casos');
    const file = work.file('casos.xlsx');
    writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);

    const read = await readOutcomeSheet(file, { maxRows: 100 });
    if (!read.ok) throw new Error(read.message);
    expect(read.value.rows.map((row) => row.transactionId)).toEqual(['PED-000002']);
    expect(read.value.lostDigits).toEqual([{ row: 2, transactionId: '12345678901234567000' }]);
    expect(read.value.warnings[0]).toMatch(
      /^row 2, column B: 12345678901234567000 is a number of more than 15 digits/,
    );
    expect(read.value.warnings[1]).toMatch(/format the column as Text in Excel/);
  });
});
