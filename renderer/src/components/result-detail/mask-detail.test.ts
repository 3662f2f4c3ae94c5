import { describe, expect, it } from 'vitest';
import { detailJson, maskPersonalData } from './mask-detail';

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
      cpf: '***.982.247-**',
      email: 'j***@exemplo.com.br',
      phone: { countryCode: '55', cityCode: '11', number: '***4321' },
      zipCode: '01310-***',
    });
  });

  it('finds personal data at any depth, but leaves other numbers alone', () => {
    const answer = { extra: { echo: [{ CPF: '52998224725' }] }, number: '12345678', score: 0.5 };
    expect(maskPersonalData(answer)).toEqual({
      extra: { echo: [{ CPF: '***.982.247-**' }] },
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
