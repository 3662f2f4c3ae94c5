import { describe, expect, it } from 'vitest';
import { charsetOf, readBodyText } from './body';

/** A real fetch Response over the given bytes, sent in the given pieces. */
function answer(pieces: number[][], contentType = 'application/json') {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(new Uint8Array(piece));
      controller.close();
    },
  });
  return new Response(stream, { headers: { 'content-type': contentType } });
}

const bytes = (text: string) => [...new TextEncoder().encode(text)];

describe('readBodyText', () => {
  it('reads UTF-8 whatever pieces it came in, a byte-order mark left out', async () => {
    const text = bytes('\uFEFF{"id":"ção €"}');
    const pieces = text.map((byte) => [byte]);
    expect(await readBodyText(answer(pieces), 1000)).toEqual({ ok: true, text: '{"id":"ção €"}' });
  });

  it('says where bytes stop being UTF-8, or that the last character is cut', async () => {
    expect(await readBodyText(answer([bytes('ab'), [0xc3, 0x28]]), 1000)).toMatchObject({
      ok: true,
      text: 'ab\uFFFD(',
      notUtf8: { byte: 4 },
    });
    expect(await readBodyText(answer([bytes('ab'), [0xe2, 0x82]]), 1000)).toMatchObject({
      notUtf8: { byte: 'end' },
    });
    // UTF-16 surrogates encoded as UTF-8 (CESU) are not UTF-8.
    expect(await readBodyText(answer([[0xed, 0xa0, 0x80]]), 1000)).toMatchObject({
      notUtf8: { byte: 2 },
    });
  });

  it('says a declared character set other than UTF-8, even when the bytes would decode', async () => {
    const read = await readBodyText(
      answer([bytes('{}')], 'application/json; charset=windows-1252'),
      9,
    );
    expect(read).toEqual({ ok: true, text: '{}', notUtf8: { charset: 'windows-1252' } });
  });
});

describe('charsetOf', () => {
  it('reads the parameter in any case, quoted or not, among others', () => {
    expect(charsetOf('application/json; charset=utf-8')).toBe('utf-8');
    expect(charsetOf('application/json;CHARSET="UTF-8"; q=1')).toBe('utf-8');
    expect(charsetOf('application/json; version=2; charset = ISO-8859-1')).toBe('iso-8859-1');
    expect(charsetOf('application/json')).toBeNull();
    expect(charsetOf(null)).toBeNull();
  });
});
