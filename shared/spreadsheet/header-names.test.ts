import { describe, it, expect } from 'vitest';
import { fieldOfHeader, matchScore, normaliseWords } from './header-names';

describe('normaliseWords', () => {
  it('drops case, accents, punctuation and connectors', () => {
    expect(normaliseWords('ID da Sessão')).toEqual(['id', 'sessao']);
    expect(normaliseWords('Número do Pedido')).toEqual(['numero', 'pedido']);
    expect(normaliseWords('E-mail')).toEqual(['e', 'mail']);
    expect(normaliseWords('  session_id ')).toEqual(['session', 'id']);
    expect(normaliseWords('Nº Pedido')).toEqual(['no', 'pedido']);
    expect(normaliseWords('CÓDIGO DE ÁREA')).toEqual(['codigo', 'area']);
  });
});

describe('fieldOfHeader', () => {
  const cases: Array<[string, string | null]> = [
    ['sessionID', 'sessionID'],
    ['Session ID', 'sessionID'],
    ['Sessão', 'sessionID'],
    ['ID da Sessão', 'sessionID'],
    ['session', 'sessionID'],
    ['externalID', 'externalID'],
    ['External ID', 'externalID'],
    ['ID externo', 'externalID'],
    ['Pedido', 'externalID'],
    ['ID Pedido', 'externalID'],
    ['Número do Pedido', 'externalID'],
    ['Nº do Pedido', 'externalID'],
    ['ID Transacional', 'externalID'],
    ['Transação', 'externalID'],
    ['ID Transação', 'externalID'],
    ['transaction id', 'externalID'],
    ['order id', 'externalID'],
    ['CPF', 'cpf'],
    ['Documento', 'cpf'],
    ['CPF/CNPJ', 'cpf'],
    ['taxpayer', 'cpf'],
    ['E-mail', 'email'],
    ['Email', 'email'],
    ['e mail', 'email'],
    ['Correio eletrônico', 'email'],
    ['Telefone', 'phone'],
    ['Celular', 'phone'],
    ['Phone', 'phone'],
    ['Mobile', 'phone'],
    ['Fone', 'phone'],
    ['DDI', 'countryCode'],
    ['Código do País', 'countryCode'],
    ['country code', 'countryCode'],
    ['DDD', 'cityCode'],
    ['Código de Área', 'cityCode'],
    ['area code', 'cityCode'],
    ['city code', 'cityCode'],
    ['Número do Telefone', 'phoneNumber'],
    ['phone number', 'phoneNumber'],
    ['phoneNumber', 'phoneNumber'],
    ['CEP', 'zipCode'],
    ['zip', 'zipCode'],
    ['zipCode', 'zipCode'],
    ['Código Postal', 'zipCode'],
    ['postal code', 'zipCode'],
    // Qualified names.
    ['CPF do Cliente', 'cpf'],
    ['E-mail do Comprador', 'email'],
    ['CEP de Entrega', 'zipCode'],
    ['DDD do Celular', 'cityCode'],
    // Names that only contain a field's name.
    ['Data do Pedido', null],
    ['Valor da Transação', null],
    ['Email confirmado', null],
    ['Telefone fixo', null],
    ['Nome', null],
    ['Número', null],
    ['', null],
  ];
  it.each(cases)('%s → %s', (header, field) => {
    expect(fieldOfHeader(header)).toBe(field);
  });
});

describe('matchScore', () => {
  it('ranks an exact name over a qualified one', () => {
    expect(matchScore('CPF', 'cpf')).toBe(2);
    expect(matchScore('CPF do Titular', 'cpf')).toBe(1);
    expect(matchScore('CPF do Titular', 'email')).toBe(0);
  });

  it('lets only phone parts be qualified by the phone', () => {
    expect(matchScore('DDD Telefone', 'cityCode')).toBe(1);
    expect(matchScore('CEP Telefone', 'zipCode')).toBe(0);
  });
});
