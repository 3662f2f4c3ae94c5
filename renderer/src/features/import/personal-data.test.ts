import { describe, expect, it } from 'vitest';
import { maskZip } from '../../../../shared/domain/mask';
import { maskTransaction, offendingFields, rowPreview, shownValue } from './personal-data';

describe('personal data on the Import screen', () => {
  it('masks CPF, e-mail, phone and ZIP code unless shown', () => {
    expect(shownValue('cpf', '123.456.789-09', false)).toBe('***.456.789-**');
    expect(shownValue('email', 'ana.souza@example.com', false)).toBe('a***@example.com');
    expect(shownValue('phone', '(11) 98765-4321', false)).toBe('***4321');
    expect(shownValue('zipCode', '01310-100', false)).toBe('01310-***');
    expect(shownValue('externalID', 'PED-1', false)).toBe('PED-1');
    expect(shownValue('cpf', '123.456.789-09', true)).toBe('123.456.789-09');
    expect(maskZip('0131')).toBe('***');
  });

  it('masks a request body and keeps its key order', () => {
    const masked = maskTransaction({
      sessionID: 's',
      externalID: 'e',
      cpf: '12345678909',
      email: 'ana@example.com',
      phone: { countryCode: '55', cityCode: '11', number: '987654321' },
      zipCode: '01310100',
    });
    // The body as it is sent, digits only: masked in that shape, never in the display format.
    expect(JSON.stringify(masked)).toBe(
      '{"sessionID":"s","externalID":"e","cpf":"***456789**","email":"a***@example.com",' +
        '"phone":{"countryCode":"55","cityCode":"11","number":"*****4321"},"zipCode":"01310***"}',
    );
  });

  it('points a phone problem at the column the value came from', () => {
    const parts = { phoneNumber: '98765', cityCode: '1' };
    expect(
      offendingFields(
        [
          { field: 'phone.cityCode', rule: 'length' },
          { field: 'phone.number', rule: 'length' },
          { field: 'cpf', rule: 'check_digits' },
        ],
        parts,
      ),
    ).toEqual(['cityCode', 'phoneNumber', 'cpf']);
    expect(offendingFields([{ field: 'phone.number', rule: 'length' }], { phone: '123' })).toEqual([
      'phone',
    ]);
    expect(offendingFields([{ field: 'phone', rule: 'phone_incomplete' }], parts)).toEqual([
      'phoneNumber',
    ]);
  });
});

describe('rowPreview', () => {
  const cell = (text: string, numeric = false) => ({ text, numeric });
  it('shows header names, masks what looks like data, and keeps empty cells in place', () => {
    expect(rowPreview([cell('Pedido'), null, cell('CPF')])).toBe('Pedido | – | CPF');
    expect(rowPreview([cell('PED-1'), cell('ana@x.com'), cell('E-mail')])).toBe('… | … | E-mail');
    expect(rowPreview([cell('A'.repeat(80))], 10)).toBe('A***');
    expect(rowPreview([cell('Pedido'), cell('CPF do cliente'), cell('Telefone')], 30)).toBe(
      'Pedido | CPF do cliente | Tel…',
    );
  });

  it('masks names like the other personal data, and a blank CPF does not shift the columns', () => {
    const withCpf = [
      cell('PED-1'),
      cell('Maria Conceição'),
      cell('529.982.247-25'),
      cell('x@y.com'),
    ];
    const blankCpf = [cell('PED-2'), cell('João da Silva'), null, cell('x@y.com')];
    expect(rowPreview(withCpf)).toBe('… | M*** C*** | … | …');
    expect(rowPreview(blankCpf)).toBe('… | J*** d*** S*** | – | …');
    expect(rowPreview(blankCpf)).not.toMatch(/João|Silva/);
    // Trailing empty cells say nothing and are left out.
    expect(rowPreview([cell('Nome'), null, null])).toBe('N***');
  });
});

describe('rowPreview of the chosen header row and of known values', () => {
  const cell = (text: string) => ({ text, numeric: false });
  const outcome = (text: string) => text.toLowerCase() === 'fraude';

  it('shows the chosen header row as written: its names are column names, not a person', () => {
    expect(rowPreview([cell('ID'), cell('Nome'), null, cell('CPF')], 60, { header: true })).toBe(
      'ID | Nome | – | CPF',
    );
    expect(rowPreview([cell('ID'), cell('Nome')])).toBe('I*** | N***');
  });

  it('shows a value known not to be personal (an outcome) as written, and still masks names', () => {
    expect(rowPreview([cell('PED-1'), cell('fraude')], 60, { plain: outcome })).toBe('… | fraude');
    expect(rowPreview([cell('Maria Silva'), cell('fraude')], 60, { plain: outcome })).toBe(
      'M*** S*** | fraude',
    );
  });
});
