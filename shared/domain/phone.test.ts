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
