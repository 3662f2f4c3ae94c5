import { describe, it, expect } from 'vitest';
import { validateTransaction } from './transaction';
import type { FieldProblem } from './transaction';
import type { RawTransaction } from './types';

const sessionID = 's'.repeat(24);
const externalID = 'TX-0001';
const base: RawTransaction = { sessionID, externalID };

function problemsOf(raw: RawTransaction): FieldProblem[] {
  const checked = validateTransaction(raw);
  return checked.ok ? [] : checked.problems;
}

describe('validateTransaction: a full valid transaction', () => {
  it('normalises every field and keeps the interface key order', () => {
    const checked = validateTransaction({
      zipCode: ' 01310-100 ',
      phone: '+55 (11) 98765-4321',
      email: ' ana@example.com ',
      cpf: '529.982.247-25',
      externalID: ` ${externalID} `,
      sessionID: ` ${sessionID}\n`,
    });
    expect(checked).toEqual({
      ok: true,
      value: {
        sessionID,
        externalID,
        cpf: '52998224725',
        email: 'ana@example.com',
        phone: { countryCode: '55', cityCode: '11', number: '987654321' },
        zipCode: '01310100',
      },
    });
    expect(checked.ok && Object.keys(checked.value)).toEqual([
      'sessionID',
      'externalID',
      'cpf',
      'email',
      'phone',
      'zipCode',
    ]);
  });

  it('omits absent and empty optional fields, leaving no undefined keys', () => {
    const checked = validateTransaction({ ...base, cpf: '', email: '  ', phone: '', zipCode: '' });
    expect(checked.ok && JSON.stringify(checked.value)).toBe(
      JSON.stringify({ sessionID, externalID }),
    );
    expect(checked.ok && Object.keys(checked.value)).toEqual(['sessionID', 'externalID']);
  });

  it('uses the given default country code for the phone', () => {
    const checked = validateTransaction(
      { ...base, cityCode: '21', phoneNumber: '98765-4321' },
      { defaultCountryCode: '351' },
    );
    expect(checked.ok && checked.value.phone).toEqual({
      countryCode: '351',
      cityCode: '21',
      number: '987654321',
    });
  });
});

describe('validateTransaction: sessionID', () => {
  it('is required', () => {
    expect(problemsOf({ externalID })).toEqual([{ field: 'sessionID', rule: 'required' }]);
    expect(problemsOf({ externalID, sessionID: '   ' })).toEqual([
      { field: 'sessionID', rule: 'required' },
    ]);
  });

  it('must be 24 to 64 characters', () => {
    const length = [{ field: 'sessionID', rule: 'length', min: 24, max: 64 }];
    expect(problemsOf({ externalID, sessionID: 'a'.repeat(23) })).toEqual(length);
    expect(problemsOf({ externalID, sessionID: 'a'.repeat(24) })).toEqual([]);
    expect(problemsOf({ externalID, sessionID: 'a'.repeat(64) })).toEqual([]);
    expect(problemsOf({ externalID, sessionID: 'a'.repeat(65) })).toEqual(length);
  });

  it('is constrained by length only, as the interface says', () => {
    expect(problemsOf({ externalID, sessionID: `${'a'.repeat(12)} ${'a'.repeat(12)}` })).toEqual(
      [],
    );
  });
});

describe('validateTransaction: externalID', () => {
  it('is required', () => {
    expect(problemsOf({ sessionID })).toEqual([{ field: 'externalID', rule: 'required' }]);
  });

  it('must be 6 to 64 characters', () => {
    const length = [{ field: 'externalID', rule: 'length', min: 6, max: 64 }];
    expect(problemsOf({ sessionID, externalID: 'a'.repeat(5) })).toEqual(length);
    expect(problemsOf({ sessionID, externalID: 'a'.repeat(6) })).toEqual([]);
    expect(problemsOf({ sessionID, externalID: 'a'.repeat(64) })).toEqual([]);
    expect(problemsOf({ sessionID, externalID: 'a'.repeat(65) })).toEqual(length);
  });

  it('may contain spaces and is trimmed', () => {
    const check = validateTransaction({ sessionID, externalID: '  order 12345 ' });
    expect(check.ok && check.value.externalID).toBe('order 12345');
  });
});

describe('validateTransaction: control characters in the identifiers', () => {
  // NUL, BEL, ESC, tab, DEL, a C1 CSI, the bidirectional controls that reorder text on screen,
  // and the invisible characters that make an ID look like another (zero-width space, soft
  // hyphen, zero-width non-joiner and joiner, word joiner, byte-order mark, variation selector).
  const unsafe: [string, string][] = [
    ['\u0000', 'U+0000'],
    ['\u0007', 'U+0007'],
    ['\u001b[31m', 'U+001B'],
    ['\t', 'U+0009'],
    ['\u007f', 'U+007F'],
    ['\u009b', 'U+009B'],
    ['\u202e', 'U+202E'],
    ['\u2066', 'U+2066'],
    ['\u200f', 'U+200F'],
    ['\u200b', 'U+200B'],
    ['\u00ad', 'U+00AD'],
    ['\u200c', 'U+200C'],
    ['\u200d', 'U+200D'],
    ['\u2060', 'U+2060'],
    ['\ufeff', 'U+FEFF'],
    ['\ufe0f', 'U+FE0F'],
    ['\ufffd', 'U+FFFD'],
  ];

  it.each(unsafe.map(([char, found]) => [JSON.stringify(char), char, found]))(
    'refuses %s inside either ID as a format problem of that row, naming it',
    (_, char, found) => {
      expect(problemsOf({ sessionID, externalID: `order${char}12345` })).toEqual([
        { field: 'externalID', rule: 'format', found },
      ]);
      expect(
        problemsOf({ externalID, sessionID: `${'s'.repeat(12)}${char}${'s'.repeat(12)}` }),
      ).toEqual([{ field: 'sessionID', rule: 'format', found }]);
    },
  );

  it('names each character found once', () => {
    expect(problemsOf({ sessionID, externalID: 'PED\u200b0\u00ad0\u200b1' })).toEqual([
      { field: 'externalID', rule: 'format', found: 'U+200B, U+00AD' },
    ]);
  });

  it('keeps accents and other printable text', () => {
    expect(problemsOf({ sessionID, externalID: 'pedido-ção-€' })).toEqual([]);
  });
});

describe('validateTransaction: cpf', () => {
  it('accepts known-valid numbers, formatted or not', () => {
    expect(problemsOf({ ...base, cpf: '529.982.247-25' })).toEqual([]);
    expect(problemsOf({ ...base, cpf: '11144477735' })).toEqual([]);
  });

  it('reports each CPF rule', () => {
    expect(problemsOf({ ...base, cpf: '529.982.247-24' })).toEqual([
      { field: 'cpf', rule: 'check_digits' },
    ]);
    expect(problemsOf({ ...base, cpf: '111.111.111-11' })).toEqual([
      { field: 'cpf', rule: 'repeated_digits' },
    ]);
    expect(problemsOf({ ...base, cpf: '5299822472' })).toEqual([
      { field: 'cpf', rule: 'length', min: 11, max: 11 },
    ]);
    expect(problemsOf({ ...base, cpf: '529.982.247-2X' })).toEqual([
      { field: 'cpf', rule: 'format' },
    ]);
  });
});

describe('validateTransaction: email', () => {
  it('must be 10 to 256 characters', () => {
    expect(problemsOf({ ...base, email: 'a@bcd.efg' })).toEqual([
      { field: 'email', rule: 'length', min: 10, max: 256 },
    ]);
    expect(problemsOf({ ...base, email: 'a@bcd.efgh' })).toEqual([]);
    expect(problemsOf({ ...base, email: `${'a'.repeat(248)}@abc.com` })).toEqual([]);
    expect(problemsOf({ ...base, email: `${'a'.repeat(249)}@abc.com` })).toEqual([
      { field: 'email', rule: 'length', min: 10, max: 256 },
    ]);
  });

  it('must look like an address', () => {
    expect(problemsOf({ ...base, email: 'ana.maria@localhost' })).toEqual([
      { field: 'email', rule: 'format' },
    ]);
  });
});

describe('validateTransaction: zipCode', () => {
  it('accepts a CEP with its dash and strips it', () => {
    const checked = validateTransaction({ ...base, zipCode: '01310-100' });
    expect(checked.ok && checked.value.zipCode).toBe('01310100');
  });

  it('must be 8 to 11 digits', () => {
    expect(problemsOf({ ...base, zipCode: '0131010' })).toEqual([
      { field: 'zipCode', rule: 'length', min: 8, max: 11 },
    ]);
    expect(problemsOf({ ...base, zipCode: '01310100123' })).toEqual([]);
    expect(problemsOf({ ...base, zipCode: '013101001234' })).toEqual([
      { field: 'zipCode', rule: 'length', min: 8, max: 11 },
    ]);
  });

  it('must be digits only', () => {
    expect(problemsOf({ ...base, zipCode: '01310-10A' })).toEqual([
      { field: 'zipCode', rule: 'format' },
    ]);
  });
});

describe('validateTransaction: phone', () => {
  it('passes the phone parts on', () => {
    const checked = validateTransaction({
      ...base,
      countryCode: '+55',
      cityCode: '(11)',
      phoneNumber: '98765-4321',
    });
    expect(checked.ok && checked.value.phone).toEqual({
      countryCode: '55',
      cityCode: '11',
      number: '987654321',
    });
  });

  it('reports phone problems', () => {
    expect(problemsOf({ ...base, phone: '987654321' })).toEqual([
      { field: 'phone', rule: 'phone_incomplete' },
    ]);
  });
});

describe('validateTransaction: several problems', () => {
  it('reports all of them at once, in field order', () => {
    expect(
      problemsOf({
        sessionID: 'short',
        cpf: '123',
        email: 'not an email',
        phone: '(11) 123',
        zipCode: 'abc',
      }),
    ).toEqual([
      { field: 'sessionID', rule: 'length', min: 24, max: 64 },
      { field: 'externalID', rule: 'required' },
      { field: 'cpf', rule: 'length', min: 11, max: 11 },
      { field: 'email', rule: 'format' },
      { field: 'phone.number', rule: 'length', min: 8, max: 9 },
      { field: 'zipCode', rule: 'format' },
    ]);
  });
});
