import { describe, expect, it } from 'vitest';
import type { ResultDetail } from '../../../../shared/contract/results';
import { translate } from '../../i18n/translate';
import { detailJson, maskPersonalData, rawAnswerText, rowCopyJson } from './mask-detail';

const request = {
  sessionID: 'session-1',
  externalID: 'order-1',
  cpf: '52998224725',
  email: 'joao.silva@exemplo.com.br',
  phone: { countryCode: '55', cityCode: '11', number: '987654321' },
  zipCode: '01310100',
};

describe('maskPersonalData', () => {
  it('masks the request fields and keeps the identifiers', () => {
    expect(maskPersonalData(request)).toEqual({
      sessionID: 'session-1',
      externalID: 'order-1',
      // As the request was sent (digits only), not in the display format.
      cpf: '***982247**',
      email: 'j***@exemplo.com.br',
      phone: { countryCode: '55', cityCode: '11', number: '*****4321' },
      zipCode: '01310***',
    });
  });

  it('finds personal data at any depth, but leaves other numbers alone', () => {
    const answer = { extra: { echo: [{ CPF: '52998224725' }] }, number: '12345678', score: 0.5 };
    expect(maskPersonalData(answer)).toEqual({
      extra: { echo: [{ CPF: '***982247**' }] },
      number: '12345678',
      score: 0.5,
    });
    expect(maskPersonalData(null)).toBeNull();
  });

  it('shows everything when asked, without changing the value', () => {
    expect(detailJson(request, true)).toContain('"cpf": "52998224725"');
    expect(detailJson(request, false)).not.toContain('52998224725');
    expect(request.cpf).toBe('52998224725');
  });
});

describe('rawAnswerText', () => {
  const values = ['52998224725', 'joao.silva@exemplo.com.br', null];

  it('masks the row’s own data in a cut answer, and fields named like personal data in JSON', () => {
    expect(
      rawAnswerText(
        '{"echo":"52998224725 joao.silva@exemplo.com.br"… (9000 characters in all)',
        false,
        values,
      ),
    ).toBe('{"echo":"*** ***"… (9000 characters in all)');
    expect(rawAnswerText('{"deviceID":1,"cpf":"11144477735"}', false, values)).toBe(
      JSON.stringify({ deviceID: 1, cpf: '***444777**' }, null, 2),
    );
  });

  it('masks the start of the row’s own data where the copy was cut (copies kept by older versions)', () => {
    const cut = (start: string) => `{"pad":"x","echo":"${start}… (9000 characters in all)`;
    expect(rawAnswerText(cut('5299822472'), false, values)).toBe(cut('***'));
    expect(rawAnswerText(cut('joao.sil'), false, values)).toBe(cut('***'));
    // Three characters say nothing of the value; text that is not its start stays.
    expect(rawAnswerText(cut('joa'), false, values)).toBe(cut('joa'));
    expect(rawAnswerText(cut('silva@'), false, values)).toBe(cut('silva@'));
  });

  it('shows the answer as it came when personal data is shown', () => {
    const raw = '{"cpf":"52998224725"}';
    expect(rawAnswerText(raw, true, values)).toBe(raw);
  });
});

describe('rowCopyJson', () => {
  const detail: ResultDetail = {
    seq: 1,
    row: 2,
    externalId: 'order-1',
    sessionId: 'session-1',
    cpf: '52998224725',
    email: 'joao.silva@exemplo.com.br',
    phone: '+55 11 987654321',
    zipCode: '01310100',
    status: 'ok',
    httpStatus: 200,
    deviceId: 'dev-1',
    deviceRisk: 'low',
    score: 0.3787,
    alertQuantity: 0,
    deviceAge: 10,
    insights: ['DEV0001'],
    outcome: null,
    outcomeSetAt: null,
    outcomeSetBy: null,
    attempts: 1,
    lookedUpAt: '2026-11-23T10:00:00.000Z',
    messages: [],
    problems: [],
    request,
    result: null,
    rawAnswer: null,
  };

  it('copies what the screen shows: masked unless personal data is shown', () => {
    const masked = rowCopyJson(detail, false, translate('en'));
    for (const secret of ['52998224725', 'joao.silva', '987654321', '01310100'])
      expect(masked).not.toContain(secret);
    const parsed = JSON.parse(masked) as Record<string, unknown>;
    expect(parsed).toMatchObject({
      row: 2,
      externalId: 'order-1',
      deviceId: 'dev-1',
      // JSON is masked in the shape the value has (digits only here), as the request pane shows it.
      cpf: '***982247**',
      score: 0.3787,
    });
    expect(JSON.parse(rowCopyJson(detail, true, translate('en')))).toMatchObject({
      cpf: '52998224725',
    });
  });

  it("words the row's problems in the window's language", () => {
    const invalid: ResultDetail = {
      ...detail,
      status: 'invalid',
      problems: [{ field: 'cpf', rule: 'check_digits' }],
    };
    expect(JSON.parse(rowCopyJson(invalid, false, translate('pt-BR')))).toMatchObject({
      problems: ['CPF: dígitos verificadores não conferem'],
    });
    expect(JSON.parse(rowCopyJson(invalid, false, translate('en')))).toMatchObject({
      problems: ['CPF: check digits do not match'],
    });
  });
});
