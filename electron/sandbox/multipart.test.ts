import { describe, expect, it } from 'vitest';
import { boundaryOf, parseMultipart } from './multipart';

function body(boundary: string, ...parts: (string | Buffer)[]): Buffer {
  return Buffer.concat([
    Buffer.from('preamble\r\n'),
    ...parts.flatMap((part) => [
      Buffer.from(`--${boundary}\r\n`),
      Buffer.from(part),
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
}

describe('multipart', () => {
  it('finds the boundary, quoted or not', () => {
    expect(boundaryOf('multipart/form-data; boundary=abc')).toBe('abc');
    expect(boundaryOf('Multipart/Form-Data; charset=utf-8; boundary="a b:c"')).toBe('a b:c');
    expect(boundaryOf('multipart/mixed; boundary=abc')).toBeNull();
    expect(boundaryOf('multipart/form-data')).toBeNull();
    expect(boundaryOf(undefined)).toBeNull();
  });

  it('keeps binary content intact, CRLF and boundary-like bytes included', () => {
    const binary = Buffer.from([0x00, 0x0d, 0x0a, 0x2d, 0x2d, 0x58, 0xff, 0x0d, 0x0a]);
    const data = body(
      'XYZ',
      'Content-Disposition: form-data; name="note"\r\n\r\nhello',
      Buffer.concat([
        Buffer.from(
          'Content-Disposition: form-data; name="file"; filename="a.zip"\r\nContent-Type: application/zip\r\n\r\n',
        ),
        binary,
      ]),
    );
    const parts = parseMultipart(data, 'XYZ');
    expect(parts?.map((part) => [part.name, part.filename])).toEqual([
      ['note', null],
      ['file', 'a.zip'],
    ]);
    expect(parts?.[0]?.data.toString()).toBe('hello');
    expect(parts?.[1]?.data.equals(binary)).toBe(true);
  });

  it('decodes UTF-8, escaped and extended file names', () => {
    const parse = (disposition: string): string | null | undefined =>
      parseMultipart(body('b', `Content-Disposition: ${disposition}\r\n\r\nx`), 'b')?.[0]?.filename;
    expect(parse('form-data; name="file"; filename="ações.csv"')).toBe('ações.csv');
    expect(parse('form-data; name="file"; filename="a%22b.csv"')).toBe('a"b.csv');
    expect(parse(`form-data; name="file"; filename="x.csv"; filename*=UTF-8''S%C3%A3o.csv`)).toBe(
      'São.csv',
    );
  });

  it('accepts an empty part and refuses broken bodies', () => {
    const empty = parseMultipart(
      body('b', 'Content-Disposition: form-data; name="file"; filename="e.csv"\r\n\r\n'),
      'b',
    );
    expect(empty?.[0]?.data.length).toBe(0);
    expect(parseMultipart(Buffer.from('no delimiter'), 'b')).toBeNull();
    expect(
      parseMultipart(
        Buffer.from('--b\r\nContent-Disposition: form-data; name="file"\r\n\r\nunterminated'),
        'b',
      ),
    ).toBeNull();
    expect(parseMultipart(Buffer.from('--bX'), 'b')).toBeNull();
  });
});
