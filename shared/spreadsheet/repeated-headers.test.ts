import { describe, expect, it } from 'vitest';
import { autoMapColumns, columnChoices } from './columns';
import { describeRepeatedHeader, repeatedHeaders } from './repeated-headers';

describe('repeatedHeaders', () => {
  it('names the columns that share the name of a mapped one, and the one used', () => {
    const headers = ['externalID', 'sessionID', 'CPF', 'E-mail', 'cpf ', 'CPF'];
    const repeated = repeatedHeaders(headers, autoMapColumns(headers));
    expect(repeated).toEqual([
      {
        field: 'cpf',
        header: 'CPF',
        used: 2,
        others: [4, 5],
        otherHeaders: ['cpf', 'CPF'],
        sameName: true,
      },
    ]);
    expect(describeRepeatedHeader(repeated[0]!)).toBe(
      "3 columns are named 'CPF' (C, E, F); column C was used for cpf.",
    );
  });

  it('says nothing when every mapped name is unique', () => {
    const headers = ['externalID', 'sessionID', 'CPF', 'CPF do titular'];
    expect(repeatedHeaders(headers, autoMapColumns(headers))).toEqual([]);
  });
});

describe('columnChoices', () => {
  it('names differently named columns that could each hold a field, and the one used', () => {
    const headers = ['Pedido', 'Sessão', 'Telefone', 'Celular'];
    const choices = columnChoices(headers, autoMapColumns(headers));
    expect(choices).toEqual([
      {
        field: 'phone',
        header: 'Celular',
        used: 3,
        others: [2],
        otherHeaders: ['Telefone'],
        sameName: false,
      },
    ]);
    expect(describeRepeatedHeader(choices[0]!)).toBe(
      "2 columns could hold phone (C 'Telefone', D 'Celular'); column D was used for phone.",
    );
  });

  it('covers ID, document and qualified names, and repeated names as before', () => {
    const headers = ['Pedido', 'ID Transação', 'Sessão', 'CPF do Titular', 'CPF', 'Sessão'];
    const choices = columnChoices(headers, autoMapColumns(headers));
    expect(choices.map(describeRepeatedHeader)).toEqual([
      "2 columns could hold externalID (A 'Pedido', B 'ID Transação'); column A was used for externalID.",
      "2 columns are named 'Sessão' (C, F); column C was used for sessionID.",
      "2 columns could hold cpf (D 'CPF do Titular', E 'CPF'); column E was used for cpf.",
    ]);
  });

  it('leaves out columns the mapping uses for another field', () => {
    const headers = ['Pedido', 'Sessão', 'DDD', 'Telefone', 'Número do Celular'];
    expect(columnChoices(headers, autoMapColumns(headers))).toEqual([]);
    // Without a DDD column a "number" column is a whole phone, so it competes for phone.
    const whole = ['Pedido', 'Sessão', 'Telefone', 'Número do Telefone'];
    expect(columnChoices(whole, autoMapColumns(whole)).map((c) => c.others)).toEqual([[3]]);
  });

  it('follows the mapping the analyst chose', () => {
    const headers = ['Pedido', 'Sessão', 'Telefone', 'Celular'];
    const choices = columnChoices(headers, { externalID: 0, sessionID: 1, phone: 2 });
    expect(choices.map((c) => [c.used, c.others])).toEqual([[2, [3]]]);
    expect(columnChoices(headers, { externalID: 0, sessionID: 1 })).toEqual([]);
  });
});
