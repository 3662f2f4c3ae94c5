import { describe, it, expect } from 'vitest';
import { parsePhone } from './phone';

const saoPaulo = { countryCode: '55', cityCode: '11', number: '987654321' };

describe('parsePhone: whole strings', () => {
  it.each([
    '+55 (11) 98765-4321',
    '+55 11 98765 4321',
    '+55 11 98765-4321',
    '+55 11987654321',
    '55 (11) 98765-4321',
    '(11) 98765-4321',
    '(11)98765-4321',
    '11 98765-4321',
    '11987654321',
    '5511987654321',
    '+5511987654321',
    ' +55 (11) 98765-4321 ',
  ])('reads %j', (phone) => {
    expect(parsePhone({ phone })).toEqual({ phone: saoPaulo, problems: [] });
  });

  it('reads 8-digit numbers and 3-digit area codes', () => {
    expect(parsePhone({ phone: '1133334444' })).toEqual({
      phone: { countryCode: '55', cityCode: '11', number: '33334444' },
      problems: [],
    });
    expect(parsePhone({ phone: '551133334444' }).phone).toEqual({
      countryCode: '55',
      cityCode: '11',
      number: '33334444',
    });
    expect(parsePhone({ phone: '+1 (212) 5550-1234' }).phone).toEqual({
      countryCode: '1',
      cityCode: '212',
      number: '55501234',
    });
  });

  it('uses the default country code when the string has none', () => {
    expect(parsePhone({ phone: '(21) 98765-4321' }, '351').phone).toEqual({
      countryCode: '351',
      cityCode: '21',
      number: '987654321',
    });
  });

  it('reports a bare 8 or 9 digit number as incomplete', () => {
    expect(parsePhone({ phone: '987654321' })).toEqual({
      problems: [{ field: 'phone', rule: 'phone_incomplete' }],
    });
    expect(parsePhone({ phone: '9876-5432' })).toEqual({
      problems: [{ field: 'phone', rule: 'phone_incomplete' }],
    });
  });

  it('reports unreadable strings as a format problem of the phone', () => {
    for (const phone of [
      'abc',
      '11 9876a-4321',
      '55 + 11 987654321',
      '(11) (12) 98765432',
      '---',
    ]) {
      expect(parsePhone({ phone })).toEqual({ problems: [{ field: 'phone', rule: 'format' }] });
    }
  });

  it('needs 10 or 11 digits after the country code of a bare international number', () => {
    expect(parsePhone({ phone: '+551133334444' }).phone).toEqual({
      countryCode: '55',
      cityCode: '11',
      number: '33334444',
    });
    expect(parsePhone({ phone: '+55987654321' }).problems).toEqual([
      { field: 'phone', rule: 'format' },
    ]);
    expect(parsePhone({ phone: '+55119876543210' }).problems).toEqual([
      { field: 'phone', rule: 'format' },
    ]);
  });

  it('reports 12 to 13 digits that do not start with the country code as a format problem', () => {
    expect(parsePhone({ phone: '4411987654321' }).problems).toEqual([
      { field: 'phone', rule: 'format' },
    ]);
    expect(parsePhone({ phone: '+4411987654321' }).problems).toEqual([
      { field: 'phone', rule: 'format' },
    ]);
  });

  it('reports a number of the wrong length', () => {
    expect(parsePhone({ phone: '(11) 98765-43210' }).problems).toEqual([
      { field: 'phone.number', rule: 'length', min: 8, max: 9 },
    ]);
    expect(parsePhone({ phone: '(11) 8765-432' }).problems).toEqual([
      { field: 'phone.number', rule: 'length', min: 8, max: 9 },
    ]);
  });

  it('reports codes of the wrong length', () => {
    expect(parsePhone({ phone: '+5555 (11) 98765-4321' }).problems).toEqual([
      { field: 'phone.countryCode', rule: 'length', min: 1, max: 3 },
    ]);
    expect(parsePhone({ phone: '+55 (1) 98765-4321' }).problems).toEqual([
      { field: 'phone.cityCode', rule: 'length', min: 2, max: 3 },
    ]);
  });
});

describe('parsePhone: parts given separately', () => {
  it('combines the three parts, stripping their usual decoration', () => {
    expect(parsePhone({ countryCode: '+55', cityCode: '(11)', phoneNumber: '98765-4321' })).toEqual(
      { phone: saoPaulo, problems: [] },
    );
  });

  it('completes a bare number with the separate codes', () => {
    expect(parsePhone({ phone: '987654321', cityCode: '11' })).toEqual({
      phone: saoPaulo,
      problems: [],
    });
    expect(parsePhone({ phone: '987654321', countryCode: '1', cityCode: '212' }).phone).toEqual({
      countryCode: '1',
      cityCode: '212',
      number: '987654321',
    });
  });

  it('lets a separate country code replace the default one', () => {
    expect(parsePhone({ phone: '(11) 98765-4321', countryCode: '351' }).phone).toEqual({
      countryCode: '351',
      cityCode: '11',
      number: '987654321',
    });
  });

  it('keeps what the whole string states over the separate parts', () => {
    expect(
      parsePhone({ phone: '+55 (11) 98765-4321', countryCode: '1', cityCode: '21' }).phone,
    ).toEqual(saoPaulo);
  });

  it('reports a number with a country code but no area code as incomplete', () => {
    expect(parsePhone({ countryCode: '55', phoneNumber: '987654321' }).problems).toEqual([
      { field: 'phone', rule: 'phone_incomplete' },
    ]);
  });

  it('reports parts that are not digits', () => {
    expect(
      parsePhone({ countryCode: 'BR', cityCode: '1l', phoneNumber: '98765-432l' }).problems,
    ).toEqual([
      { field: 'phone.countryCode', rule: 'format' },
      { field: 'phone.cityCode', rule: 'format' },
      { field: 'phone.number', rule: 'format' },
    ]);
  });
});

describe('parsePhone: Brazilian numbers dialled with the long-distance prefix', () => {
  // No DDD starts with 0: the 0 (and a carrier code after it) is dialled before the DDD, and
  // the service is sent the DDD alone, however the prefix is written.
  it.each([
    '(011) 98765-4321',
    '011 98765-4321',
    '01198765-4321',
    '011987654321',
    '0xx11 98765-4321',
    '0XX11 98765-4321',
    '0 xx 11 98765-4321',
    '(0xx11) 98765-4321',
    '0 (11) 98765-4321',
    '021 (11) 98765-4321',
    '0 21 11 98765-4321',
    '(02111) 98765-4321',
    '+55 (011) 98765-4321',
    '+55 011 98765-4321',
    '+55011987654321',
  ])('reads %j as DDD 11', (phone) => {
    expect(parsePhone({ phone })).toEqual({ phone: saoPaulo, problems: [] });
  });

  it('drops the prefix from a separate DDD column too', () => {
    for (const cityCode of ['011', '(011)', '0xx11', '0XX 11']) {
      expect(parsePhone({ cityCode, phoneNumber: '98765-4321' })).toEqual({
        phone: saoPaulo,
        problems: [],
      });
    }
  });

  it('keeps a 3-digit area code starting with 0 outside Brazil as written', () => {
    expect(parsePhone({ phone: '+44 (020) 7946-0958' }).phone).toEqual({
      countryCode: '44',
      cityCode: '020',
      number: '79460958',
    });
  });

  it('refuses non-geographic numbers, which have no DDD, rather than send a wrong one', () => {
    const refused = { problems: [{ field: 'phone', rule: 'phone_non_geographic' }] };
    for (const phone of [
      '0800 123 4567',
      '0800-123-4567',
      '08001234567',
      '0300 123 4567',
      '(0800) 123-4567',
      '+55 800 123 4567',
      '4004-1234',
      '3003 1234',
    ]) {
      expect(parsePhone({ phone }), phone).toEqual(refused);
    }
    expect(parsePhone({ cityCode: '0800', phoneNumber: '123-4567' })).toEqual(refused);
  });

  it('sends a 4004 number that comes with a DDD, as it is dialled there', () => {
    expect(parsePhone({ phone: '(11) 4004-1234' }).phone).toEqual({
      countryCode: '55',
      cityCode: '11',
      number: '40041234',
    });
  });

  it('refuses an area code Brazil does not have', () => {
    for (const phone of ['(23) 98765-4321', '(08) 98765-4321', '+55 (10) 98765-4321']) {
      expect(parsePhone({ phone }), phone).toEqual({
        problems: [{ field: 'phone.cityCode', rule: 'area_code' }],
      });
    }
    expect(parsePhone({ phone: '(23) 98765-4321' }, '351').phone?.cityCode).toBe('23');
  });

  it('still refuses a prefixed number of the wrong length', () => {
    expect(parsePhone({ phone: '0119876543' }).problems).toEqual([
      { field: 'phone', rule: 'format' },
    ]);
  });
});

describe('parsePhone: phones outside Brazil', () => {
  const unmarked = { problems: [{ field: 'phone', rule: 'area_code_unmarked' }] };

  it('does not split a whole phone by the Brazilian digit count for a country-code column', () => {
    // 212 555 1234 read as DDD 21 + 25551234 would send an area code the customer never had.
    for (const phone of ['212 555 1234', '2125551234', '212-555-1234', '12125551234']) {
      expect(parsePhone({ phone, countryCode: '1' }), phone).toEqual(unmarked);
      expect(parsePhone({ phone, countryCode: '+1', cityCode: '212' }), phone).toEqual(unmarked);
    }
    expect(parsePhone({ phone: '(21) 98765-4321', countryCode: '1' }).phone).toEqual({
      countryCode: '1',
      cityCode: '21',
      number: '987654321',
    });
  });

  it('does not split by digit count for a default country other than Brazil', () => {
    expect(parsePhone({ phone: '2198765432' }, '351')).toEqual(unmarked);
    expect(parsePhone({ phone: '+3512198765432' }, '351')).toEqual(unmarked);
  });

  it('does not split the digits after a +country code and no space', () => {
    expect(parsePhone({ phone: '+1 2125551234' })).toEqual(unmarked);
    expect(parsePhone({ phone: '+44 2079460958' })).toEqual(unmarked);
    expect(parsePhone({ phone: '+55 11987654321' }).phone).toEqual(saoPaulo);
  });

  it('reads the +CC form and the country-code column alike when the area code is marked', () => {
    const newYork = { countryCode: '1', cityCode: '212', number: '55551234' };
    for (const input of [
      { phone: '+1 212 5555 1234' },
      { phone: '+1 (212) 5555-1234' },
      { phone: '(212) 5555-1234', countryCode: '1' },
      { phone: '5555-1234', countryCode: '1', cityCode: '212' },
    ]) {
      expect(parsePhone(input), JSON.stringify(input)).toEqual({ phone: newYork, problems: [] });
    }
    // Seven digits after the area code are too few for the service, written either way.
    const short = { problems: [{ field: 'phone.number', rule: 'length', min: 8, max: 9 }] };
    expect(parsePhone({ phone: '+1 212 555 1234' })).toEqual(short);
    expect(parsePhone({ phone: '(212) 555 1234', countryCode: '1' })).toEqual(short);
  });

  it('still splits by digit count when the column or the string says Brazil', () => {
    expect(parsePhone({ phone: '11 98765-4321', countryCode: '55' }).phone).toEqual(saoPaulo);
    expect(parsePhone({ phone: '011 98765-4321', countryCode: '+55' }).phone).toEqual(saoPaulo);
    expect(parsePhone({ phone: '+5511987654321' }, '351').phone).toEqual(saoPaulo);
  });

  it('reports a country-code column that is not digits, not the phone it came with', () => {
    expect(parsePhone({ phone: '11 98765-4321', countryCode: 'BR' }).problems).toEqual([
      { field: 'phone.countryCode', rule: 'format' },
    ]);
  });
});

describe('parsePhone: no phone', () => {
  it('gives no phone and no problem when nothing is filled', () => {
    expect(parsePhone({})).toEqual({ problems: [] });
    expect(parsePhone({ phone: '', countryCode: ' ', cityCode: '', phoneNumber: '' })).toEqual({
      problems: [],
    });
  });

  it('ignores codes given without a number', () => {
    expect(parsePhone({ countryCode: '55', cityCode: '11' })).toEqual({ problems: [] });
    expect(parsePhone({ countryCode: 'xx', cityCode: '1' })).toEqual({ problems: [] });
    expect(parsePhone({ phone: '+55' })).toEqual({ problems: [] });
  });
});
