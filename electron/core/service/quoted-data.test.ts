import { describe, expect, it } from 'vitest';
import { maskQuotedData } from './quoted-data';

describe('maskQuotedData (attack c2: an upload answer quoting whose the IDs are)', () => {
  it('masks every e-mail, valid CPF and written phone, in any grouping', () => {
    expect(
      maskQuotedData(
        'Received 1 row. ext-000001 belongs to maria.silva@example.com, CPF 529.982.247-25, phone (11) 98765-4321',
      ),
    ).toBe(
      'Received 1 row. ext-000001 belongs to m***@example.com, CPF ***.982.247-**, phone ***4321',
    );
    expect(maskQuotedData('cpf 52998224725; tel +55 11 98765 4321.')).toBe(
      'cpf ***.982.247-**; tel ***4321.',
    );
  });

  it('leaves IDs, counts, dates and numbers that are no CPF as they are', () => {
    const text =
      'Received 1,048,576 rows at 2026-11-27 10:00; order 1234567890, ID PED-52998224726, trace 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01, 12345678901';
    expect(maskQuotedData(text)).toBe(text);
  });
});
