import * as XLSX from 'xlsx';
import { describe, it, expect } from 'vitest';
import { autoMapColumns } from './columns';
import { headerTexts } from './header';
import { checkSourceRow, hasLostDigits, isExponentText, notesAfterEdit } from './lost-digits';
import { readSpreadsheet } from './read';
import { rowsToTransactions, type SourceRow } from './transactions';

const session = 'sess-0123456789abcdefghijkl';

/** A real workbook, as SheetJS writes it: the ID typed as a number, like Excel stores it. */
function bookBytes(rows: unknown[][], bookType: 'xlsx' | 'xls'): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Pedidos');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType }) as ArrayBuffer);
}

function sourceRows(bytes: Uint8Array, name: string): SourceRow[] {
  const read = readSpreadsheet(bytes, name);
  if (!read.ok) throw new Error(read.problem.message);
  const { rows } = read.value;
  return rowsToTransactions(rows, 0, autoMapColumns(headerTexts(rows, 0)));
}

/** Typed into a number cell: the double it becomes has lost the last digits (the point here). */
const typedTwentyDigits = Number('12345678901234567890');

describe('an ID that Excel stored as a number of more than 15 digits', () => {
  const rows = [
    ['Pedido', 'ID da Sessão'],
    [typedTwentyDigits, session],
    // What Excel itself keeps of 12345678901234567890 typed: 15 digits, then zeros.
    [12345678901234500000, session],
    // 16 digits that a double holds exactly: Excel would still have kept only 15 of them.
    [1234567890123456, session],
    [123456789012345, session],
    ['12345678901234567890', session],
  ];

  for (const bookType of ['xlsx', 'xls'] as const) {
    it(`is noted on its row, and only there (${bookType})`, () => {
      const [typed, excel, sixteen, fifteen, text] = sourceRows(
        bookBytes(rows, bookType),
        `p.${bookType}`,
      );
      expect(typed?.raw.externalID).toBe('12345678901234567000');
      expect(typed?.notes).toEqual(['digits_lost:externalID']);
      expect(excel?.notes).toEqual(['digits_lost:externalID']);
      expect(sixteen?.notes).toEqual(['digits_lost:externalID']);
      expect(fifteen?.notes).toEqual([]);
      expect(text?.raw.externalID).toBe('12345678901234567890');
      expect(text?.notes).toEqual([]);
    });
  }

  it('passes unchanged from a CSV, which holds the digits as text', () => {
    const csv = `Pedido;ID da Sessão\n12345678901234567890;${session}\n`;
    const [row] = sourceRows(new TextEncoder().encode(csv), 'p.csv');
    expect(row?.raw.externalID).toBe('12345678901234567890');
    expect(row?.notes).toEqual([]);
  });

  it('is noted in a CSV that Excel saved with the exponent it showed', () => {
    const csv = `Pedido;ID da Sessão\n1.23457E+19;${session}\n1E+10;${session}\nPED-1E+10;${session}\n`;
    const [shown, whole, code] = sourceRows(new TextEncoder().encode(csv), 'p.csv');
    expect(shown?.notes).toEqual(['digits_lost:externalID']);
    expect(whole?.notes).toEqual(['digits_lost:externalID']);
    expect(code?.notes).toEqual([]);
  });

  it('is noted in the exponent form Excel shows with a decimal comma (Portuguese)', () => {
    const csv = `Pedido;ID da Sessão;CPF\n1,23457E+15;${session};66048764707\n1.23457E+15;${session};6,60488E+10\n`;
    const [comma, cpf] = sourceRows(new TextEncoder().encode(csv), 'p.csv');
    expect(comma?.notes).toEqual(['digits_lost:externalID']);
    expect(cpf?.notes).toEqual(['digits_lost:externalID', 'digits_lost:cpf']);
    expect(isExponentText('1,23457E+15')).toBe(true);
    expect(isExponentText('1,2,3E+15')).toBe(false);
  });
});

describe('hasLostDigits', () => {
  it('counts significant digits, whatever the sign, point or leading zeros', () => {
    expect(hasLostDigits('123456789012345')).toBe(false);
    expect(hasLostDigits('-123456789012345')).toBe(false);
    expect(hasLostDigits('0.000000000000001')).toBe(false);
    expect(hasLostDigits('1234567890123456')).toBe(true);
    expect(hasLostDigits('-12345678901234567000')).toBe(true);
    expect(hasLostDigits('0.30000000000000004')).toBe(true);
    expect(hasLostDigits('1234567890.1234567')).toBe(true);
  });
});

describe('checkSourceRow', () => {
  const raw = { externalID: '12345678901234567000', sessionID: session };

  it('holds back a row whose ID lost digits, with that problem in place of the field’s others', () => {
    expect(checkSourceRow({ raw, notes: [] }).ok).toBe(true);
    expect(checkSourceRow({ raw, notes: ['digits_lost:externalID'] })).toEqual({
      ok: false,
      problems: [{ field: 'externalID', rule: 'digits_lost' }],
    });
    const phone = { ...raw, phoneNumber: '12345678901234567000', cityCode: '11' };
    expect(
      checkSourceRow({ raw: phone, notes: ['cpf_padded', 'digits_lost:phoneNumber'] }),
    ).toEqual({ ok: false, problems: [{ field: 'phone.number', rule: 'digits_lost' }] });
  });

  it('lets a row go once the analyst typed the value again, not while it is unchanged', () => {
    const notes = ['digits_lost:externalID', 'cpf_padded'];
    expect(notesAfterEdit(notes, { ...raw, cpf: '1' }, raw)).toEqual(['digits_lost:externalID']);
    expect(notesAfterEdit(notes, { ...raw, externalID: '12345678901234567890' }, raw)).toEqual([]);
  });
});
