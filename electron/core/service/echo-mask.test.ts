import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../../shared/domain/types';
import { decodedRuns } from '../../../tests/support/secret-scan';
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
    'CPF split from its check digits': ['cpf base 829633007 dv 51', 'cpf base ***.633.007 dv 51'],
    'CPF base formatted, split': ['base 829.633.007, dv 51', 'base ***.633.007, dv 51'],
    'e-mail split at its @': ['mailbox Fulano.Silva at example.com', 'mailbox F*** at example.com'],
    'e-mail local part in capitals': ['user FULANO.SILVA.', 'user F***.'],
  };
  for (const [name, [said, masked]] of Object.entries(echoes)) {
    it(`masks the ${name}`, () => expect(mask(said)).toBe(masked));
  }

  it('leaves other numbers alone, even ones that hold the same digits', () => {
    const text =
      'trace 1829633007519, amount 98765.43, order 0131010, id 829633007-512, 2024-01-31 10:00';
    expect(mask(text)).toBe(text);
    const parts = 'ids 8296330070, 1829633007, 829633007.5 and 12-829633007; Fulano.Silva.Junior';
    expect(mask(parts)).toBe(parts);
  });

  it('masks an e-mail written with its accents decomposed (NFD), the row’s own or another', () => {
    const accented = echoMask({ ...transaction, email: 'joão.conceição@exemplo.com.br' });
    const decomposed = (text: string) => text.normalize('NFD');
    expect(accented(`to ${decomposed('joão.conceição@exemplo.com.br')} refused`)).toBe(
      'to j***@exemplo.com.br refused',
    );
    expect(accented(`mailbox ${decomposed('joão.conceição')} at exemplo`)).toBe(
      'mailbox j*** at exemplo',
    );
    expect(mask(`cc ${decomposed('andré.gonçalves@exemplo.com')}`)).toBe('cc a***@exemplo.com');
  });

  it("masks a plus-addressed e-mail echoed with a form's space for its + (attack c2)", () => {
    const plus = echoMask({ ...transaction, email: 'maria.silva+fraude@example.com' });
    expect(plus('email invalid: maria.silva fraude@example.com | x')).toBe(
      'email invalid: m***@example.com | x',
    );
    expect(plus('email invalid: maria.silva+fraude@example.com')).toBe(
      'email invalid: m***@example.com',
    );
    expect(plus('mailbox maria.silva fraude')).toBe('mailbox m***');
    expect(plus('mailbox maria.silva+fraude.')).toBe('mailbox m***.');
  });

  it('masks the request echoed in base64 or hex, the rest of the echo kept', () => {
    const body = JSON.stringify(transaction);
    const echoes = [
      `Body was ${Buffer.from(body).toString('base64')}`,
      `Body was ${Buffer.from(`{"request":${body}}`).toString('base64url')}`,
      `Body was ${Buffer.from(` ${body}`).toString('base64')}`,
      `Body was ${Buffer.from(body).toString('hex')}`,
      `cpf ${Buffer.from(transaction.cpf!).toString('hex').toUpperCase()}, mail ${Buffer.from(transaction.email!).toString('base64')}`,
    ];
    const values = ['829633007', 'Fulano.Silva', '987654321', '01310100'];
    for (const echo of echoes) {
      const said = mask(echo);
      expect(said, echo).toContain('[masked]');
      const decoded = decodedRuns(said);
      for (const value of values)
        expect(decoded.filter((text) => text.includes(value))).toEqual([]);
      // What says no personal data is still there to read: the session ID, say.
      if (echo.startsWith('Body'))
        expect(decoded.some((text) => text.includes('abcdefghij'))).toBe(true);
    }
  });

  it('leaves ordinary base64 and hex alone', () => {
    const text = `id ${Buffer.from('order-82963300').toString('base64')} dev-8585cbb961ce364fb67f 3132333435363738`;
    expect(mask(text)).toBe(text);
  });

  describe('values that are mostly zeros', () => {
    // A CEP analysts type as a placeholder, a valid CPF (000.000.001-91) and a phone number of
    // zeros: what is left once their leading zeros go is empty or a digit or two, which would
    // match every `0` or `1` of every message, and every deviceID that holds one.
    const zeros = echoMask({
      ...transaction,
      cpf: '00000000191',
      phone: { countryCode: '55', cityCode: '11', number: '000000000' },
      zipCode: '00000000',
    });
    const ordinary = [
      'deviceID dev-10a0-0001, risk 10, 1 device, score 0.91, trace 00-4bf92f-01',
      'CEP 00000-001 or 0000000 is another, and so are 191 and 1.91',
    ];

    it('leaves text that does not hold them whole alone', () => {
      for (const text of ordinary) expect(zeros(text)).toBe(text);
    });

    it('still masks them where they are written whole', () => {
      expect(zeros('CEP 00000-000 unknown')).toBe('CEP 00000-*** unknown');
      expect(zeros('CPF 000.000.001-91 blocked')).toBe('CPF ***.000.001-** blocked');
      expect(zeros('tel (11) 00000-0000')).toBe('tel ***0000');
    });
  });
});
