import { describe, it, expect } from 'vitest';
import { validateTransaction } from '../domain/transaction';
import { findDuplicateExternalIds, rowsToTransactions } from './transactions';
import type { Cell } from './types';

const t = (text: string): Cell => ({ text, numeric: false });
const n = (text: string): Cell => ({ text, numeric: true });
const session = 'sess-0123456789abcdefghijkl';

describe('rowsToTransactions', () => {
  const mapping = { externalID: 0, sessionID: 1, cpf: 2, zipCode: 3, phone: 4, cityCode: 5 };

  it('takes the mapped cells of each row below the header, numbered as in the sheet', () => {
    const rows: Cell[][] = [
      [t('Título')],
      [t('Pedido'), t('Sessão'), t('CPF'), t('CEP'), t('Telefone'), t('DDD')],
      [t('PED-1'), t(session), t('123.456.789-09'), t('01310-100'), t('98765-4321'), t('11')],
    ];
    expect(rowsToTransactions(rows, 1, mapping)).toEqual([
      {
        row: 3,
        raw: {
          sessionID: session,
          externalID: 'PED-1',
          cpf: '123.456.789-09',
          phone: '98765-4321',
          cityCode: '11',
          zipCode: '01310-100',
        },
        notes: [],
      },
    ]);
  });

  it("takes off the quote the app's CSV export puts before formula-like values, in every mapped column", () => {
    const rows: Cell[][] = [
      [t('h')],
      [t("'-1234567"), t(session), t("'=123"), t("'+01310100"), t("'0123"), t("'@11")],
    ];
    expect(rowsToTransactions(rows, 0, mapping)[0]?.raw).toEqual({
      externalID: '-1234567',
      sessionID: session,
      cpf: '=123',
      zipCode: '+01310100',
      phone: "'0123",
      cityCode: '@11',
    });
  });

  it('pads numeric CPF and CEP cells that lost their leading zeros, and notes it', () => {
    const rows: Cell[][] = [[t('h')], [n('123456'), t(session), n('1234567890'), n('1310100')]];
    const [source] = rowsToTransactions(rows, 0, mapping);
    expect(source?.raw.cpf).toBe('01234567890');
    expect(source?.raw.zipCode).toBe('01310100');
    expect(source?.notes).toEqual(['cpf_padded', 'zip_padded']);
    expect(source?.raw.externalID).toBe('123456');
  });

  it('leaves text cells and full-length numbers as they are', () => {
    const rows: Cell[][] = [
      [t('h')],
      [t('A'), t(session), t('1234567890'), n('01310100'), null, null],
    ];
    const [source] = rowsToTransactions(rows, 0, mapping);
    expect(source?.raw.cpf).toBe('1234567890');
    expect(source?.raw.zipCode).toBe('01310100');
    expect(source?.notes).toEqual([]);
  });

  it('pads only what a number could have lost: one zero of a CEP, the zeros of a CPF', () => {
    // CEPs run from 01000-000: as a number, a CEP has 7 or 8 digits, never fewer. A number never
    // starts with 0, so a cell that does was text in the program that wrote it (csv: issue 13).
    const rows: Cell[][] = [
      [t('h')],
      [t('A'), t(session), n('191'), n('123')],
      [t('B'), t(session), n('0123456789'), n('0131')],
      [t('C'), t(session), n('123456789'), n('131010')],
    ];
    const [short, zeros, cpfNine] = rowsToTransactions(rows, 0, mapping);
    expect(short?.raw).toMatchObject({ cpf: '00000000191', zipCode: '123' });
    expect(short?.notes).toEqual(['cpf_padded']);
    expect(zeros?.raw).toMatchObject({ cpf: '0123456789', zipCode: '0131' });
    expect(zeros?.notes).toEqual([]);
    expect(cpfNine?.raw).toMatchObject({ cpf: '00123456789', zipCode: '131010' });
    expect(cpfNine?.notes).toEqual(['cpf_padded']);
  });

  it('skips rows that are entirely empty but keeps rows with content elsewhere', () => {
    const rows: Cell[][] = [
      [t('h')],
      [],
      [null, t('  ')],
      [null, null, null, null, null, null, t('Total: 3')],
      [t('PED-9')],
    ];
    const sources = rowsToTransactions(rows, 0, mapping);
    expect(sources.map((source) => source.row)).toEqual([4, 5]);
    expect(sources[0]?.raw).toEqual({});
    expect(sources[1]?.raw).toEqual({ externalID: 'PED-9' });
  });

  it('gives rows validateTransaction accepts, padded CPF included', () => {
    const rows: Cell[][] = [
      [t('h')],
      [t('PED-000001'), t(session), n('1234567890'), n('1310100'), t('(11) 98765-4321')],
    ];
    const [source] = rowsToTransactions(rows, 0, mapping);
    const check = validateTransaction(source?.raw ?? {});
    expect(check.ok && check.value).toEqual({
      sessionID: session,
      externalID: 'PED-000001',
      cpf: '01234567890',
      phone: { countryCode: '55', cityCode: '11', number: '987654321' },
      zipCode: '01310100',
    });
  });
});

describe('findDuplicateExternalIds', () => {
  it('lists IDs on more than one row, in order of first appearance', () => {
    const sources = [
      { row: 2, raw: { externalID: 'B' }, notes: [] },
      { row: 3, raw: { externalID: 'A' }, notes: [] },
      { row: 4, raw: { externalID: ' B ' }, notes: [] },
      { row: 5, raw: { externalID: 'a' }, notes: [] },
      { row: 6, raw: {}, notes: [] },
      { row: 7, raw: { externalID: '' }, notes: [] },
      { row: 8, raw: { externalID: '' }, notes: [] },
      { row: 9, raw: { externalID: 'A' }, notes: [] },
      { row: 10, raw: { externalID: 'B' }, notes: [] },
    ];
    expect(findDuplicateExternalIds(sources)).toEqual([
      { externalID: 'B', rows: [2, 4, 10] },
      { externalID: 'A', rows: [3, 9] },
    ]);
  });

  it('gives nothing when every ID is unique', () => {
    expect(findDuplicateExternalIds([{ row: 2, raw: { externalID: 'X' }, notes: [] }])).toEqual([]);
  });
});
