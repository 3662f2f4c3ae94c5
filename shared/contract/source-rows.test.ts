import { describe, expect, it } from 'vitest';
import { operations } from './operations';
import { rowLines } from './source-rows';
import type { SourceRow } from '../spreadsheet/transactions';

const create = (rows: unknown) =>
  operations['batches.create'].input.safeParse({
    sourceName: 'pedidos.csv',
    sourceSha256: 'a'.repeat(64),
    rows,
  });

describe('batches.create rows as JSON lines', () => {
  it('takes the lines the import screen writes as the rows they stand for', () => {
    const rows: SourceRow[] = [
      { row: 2, raw: { sessionID: 's1', externalID: 'PED\n1' }, notes: [] },
      {
        row: 4,
        raw: { sessionID: 's2', externalID: 'PED-2', cpf: '529.982.247-25' },
        notes: ['cpf_padded'],
      },
    ];
    const parsed = create(rowLines(rows));
    expect(parsed.success && parsed.data.rows).toEqual(rows);
    expect(create(rows).success).toBe(true);
  });

  it('refuses a line that is not JSON, not a row, or empty, naming the line but not its values', () => {
    const good = rowLines([{ row: 2, raw: { sessionID: 's1', externalID: 'PED-1' }, notes: [] }]);
    const refusals: Array<[string, RegExp]> = [
      [`${good}\n{"row":3,`, /row line 2/],
      [`${good}\n{"row":3,"raw":{"cpf":"52998224725","extra":"x"},"notes":[]}`, /row line 2/],
      [`${good}\n`, /row line 2/],
      ['', /./],
    ];
    for (const [text, message] of refusals) {
      const parsed = create(text);
      expect(parsed.success, text).toBe(false);
      // The union's issue holds each branch's issues: the lines branch says which line.
      const said = JSON.stringify(parsed.error?.issues ?? []);
      expect(said).toMatch(message);
      expect(said).not.toContain('52998224725');
    }
  });

  it('takes the same lines as UTF-8 bytes, as the import worker sends them, and refuses bad bytes', () => {
    const rows: SourceRow[] = [
      { row: 2, raw: { sessionID: 's1', externalID: 'Pedido de João' }, notes: [] },
    ];
    const parsed = create(new TextEncoder().encode(rowLines(rows)));
    expect(parsed.success && parsed.data.rows).toEqual(rows);
    const refused = create(new Uint8Array([0x7b, 0xff, 0x7d]));
    expect(refused.success).toBe(false);
    expect(JSON.stringify(refused.error?.issues ?? [])).toMatch(/not UTF-8/);
    expect(create(new Uint8Array()).success).toBe(false);
  });
});
