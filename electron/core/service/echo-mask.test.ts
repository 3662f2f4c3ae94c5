import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../../shared/domain/types';
import { echoMask } from './echo-mask';

const transaction: Transaction = {
  sessionID: 'session-0001-abcdefghijklmnop',
  externalID: 'order-1',
  cpf: '82963300751',
  email: 'Fulano.Silva@example.com',
  phone: { countryCode: '55', cityCode: '11', number: '987654321' },
  zipCode: '01310100',
};
const mask = echoMask(transaction);

describe('echoMask', () => {
  const echoes: Record<string, [string, string]> = {
    'CPF with a dash only': ['CPF 829633007-51 is blocked', 'CPF ***.633.007-** is blocked'],
    'CPF formatted': ['CPF 829.633.007-51.', 'CPF ***.633.007-**.'],
    'CPF digit by digit': ['cpf digits 8 2 9 6 3 3 0 0 7 5 1', 'cpf digits ***.633.007-**'],
    'CPF with slashes': ['829/633/007/51', '***.633.007-**'],
    'phone with area code': ['phone (11) 98765-4321 unknown', 'phone ***4321 unknown'],
    'phone with country': ['tel +55 (11) 98765 4321', 'tel ***4321'],
    'phone with dots': ['tel 55.11.98765.4321', 'tel ***4321'],
    'phone alone': ['tel 98765-4321', 'tel ***4321'],
    'CEP with a dash': ['CEP 01310-100 out of area', 'CEP 01310-*** out of area'],
    'CEP with a dot': ['CEP 01.310-100', 'CEP 01310-***'],
    'e-mail in capitals': ['mail FULANO.SILVA@EXAMPLE.COM', 'mail F***@example.com'],
    'e-mail percent-encoded': ['to=Fulano.Silva%40example.com&x=1', 'to=F***@example.com&x=1'],
    'e-mail HTML-escaped': ['<b>Fulano.Silva&#64;example.com</b>', '<b>F***@example.com</b>'],
    'CPF in a form body': ['cpf=829.633.007-51&y=2', 'cpf=***.633.007-**&y=2'],
    'CPF JSON-escaped': ['"cpf":"829\\/633\\/007\\/51"', '"cpf":"***.633.007-**"'],
  };
  for (const [name, [said, masked]] of Object.entries(echoes)) {
    it(`masks the ${name}`, () => expect(mask(said)).toBe(masked));
  }

  it('leaves other numbers alone, even ones that hold the same digits', () => {
    const text =
      'trace 1829633007519, amount 98765.43, order 0131010, id 829633007-512, 2024-01-31 10:00';
    expect(mask(text)).toBe(text);
  });
});
