import { describe, it, expect } from 'vitest';
import { autoMapColumns } from './columns';

describe('autoMapColumns', () => {
  it('maps an English header row', () => {
    expect(
      autoMapColumns(['sessionID', 'externalID', 'cpf', 'email', 'phone', 'zipCode', 'amount']),
    ).toEqual({ sessionID: 0, externalID: 1, cpf: 2, email: 3, phone: 4, zipCode: 5 });
  });

  it('maps a Portuguese header row with accents and odd spacing', () => {
    expect(
      autoMapColumns([
        'Nome',
        'ID da Sessão',
        ' Número do Pedido ',
        'CPF',
        'E-MAIL',
        'Celular',
        'CEP',
      ]),
    ).toEqual({ sessionID: 1, externalID: 2, cpf: 3, email: 4, phone: 5, zipCode: 6 });
  });

  it('maps the whole phone to phone even with separate DDI and DDD columns', () => {
    expect(autoMapColumns(['Pedido', 'DDI', 'DDD', 'Telefone'])).toEqual({
      externalID: 0,
      countryCode: 1,
      cityCode: 2,
      phone: 3,
    });
  });

  it('maps a "phone number" column to phoneNumber only beside a DDD column', () => {
    expect(autoMapColumns(['DDD', 'Número do Telefone'])).toEqual({ cityCode: 0, phoneNumber: 1 });
    expect(autoMapColumns(['Phone Number'])).toEqual({ phone: 0 });
    expect(autoMapColumns(['Phone Number', 'Fone'])).toEqual({ phone: 0 });
  });

  it('gives each field one column: an exact name wins, then the leftmost', () => {
    expect(autoMapColumns(['CPF do Titular', 'CPF', 'Documento'])).toEqual({ cpf: 1 });
    expect(autoMapColumns(['Telefone', 'Fone'])).toEqual({ phone: 0 });
  });

  it('prefers a mobile column for the phone: the service asks for the mobile phone', () => {
    expect(autoMapColumns(['Telefone', 'Celular'])).toEqual({ phone: 1 });
    expect(autoMapColumns(['Fone', 'Phone Number', 'WhatsApp'])).toEqual({ phone: 2 });
    expect(autoMapColumns(['Phone', 'Mobile Phone'])).toEqual({ phone: 1 });
    expect(autoMapColumns(['Telefone', 'Cel'])).toEqual({ phone: 1 });
    expect(autoMapColumns(['Telefone', 'Celular do Cliente'])).toEqual({ phone: 1 });
    expect(autoMapColumns(['DDD', 'Número do Telefone', 'Número do Celular'])).toEqual({
      cityCode: 0,
      phoneNumber: 2,
    });
  });

  it('maps nothing from unknown or empty headers', () => {
    expect(autoMapColumns(['Nome', '', 'Valor'])).toEqual({});
    expect(autoMapColumns([])).toEqual({});
  });
});
