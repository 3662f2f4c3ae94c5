import { describe, expect, it } from 'vitest';
import { bytesInput } from './bytes-input';

const body = Buffer.from('{"row":2}\n{"row":3}');
const fields = encodeURIComponent(JSON.stringify({ batchId: 'b-1', after: 2000, last: false }));

describe('a web host call with its bytes as the body', () => {
  it('is the header fields with the body as the named field', () => {
    const input = bytesInput('rows', fields, body);
    expect(input).toMatchObject({ batchId: 'b-1', after: 2000, last: false });
    expect(input?.rows).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(input?.rows as Uint8Array).toString('utf8')).toBe('{"row":2}\n{"row":3}');
  });

  it('refuses a field that is no plain name, and fields that are not one JSON object', () => {
    for (const field of ['__proto__', 'constructor ', '', 'rows[0]', 'r'.repeat(65)])
      expect(bytesInput(field, fields, body), field).toBeNull();
    for (const other of ['%7B', encodeURIComponent('[1]'), encodeURIComponent('null'), '%E0%A4%A'])
      expect(bytesInput('rows', other, body), other).toBeNull();
    const bare = bytesInput('rows', undefined, body);
    expect(Object.keys(bare ?? {})).toEqual(['rows']);
    expect(bare?.rows).toBeInstanceOf(Uint8Array);
  });
});
