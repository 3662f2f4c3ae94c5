import { describe, it, expect } from 'vitest';
import { decodeText, decodeWindows1252 } from './text-decode';

const sample = 'Ação – “teste” €';
/** Windows-1252 bytes of text holding only characters that encoding has (all in one UTF-16 unit). */
function windows1252(text: string): Uint8Array {
  const high = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index += 1) {
    const at = high.indexOf(text.charAt(index));
    bytes[index] = at >= 0 ? 0x80 + at : text.charCodeAt(index);
  }
  return bytes;
}

/** The sample as Windows-1252 bytes, written out so no encoder can hide a mistake. */
const sample1252 = new Uint8Array([
  0x41, 0xe7, 0xe3, 0x6f, 0x20, 0x96, 0x20, 0x93, 0x74, 0x65, 0x73, 0x74, 0x65, 0x94, 0x20, 0x80,
]);

describe('decodeText', () => {
  it('reads UTF-8 with a byte order mark and drops the mark', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(sample)]);
    expect(decodeText(bytes)).toEqual({ ok: true, text: sample, encoding: 'utf-8-bom' });
  });

  it('reads UTF-8 without a mark', () => {
    expect(decodeText(new TextEncoder().encode(sample))).toEqual({
      ok: true,
      text: sample,
      encoding: 'utf-8',
    });
  });

  it('reads bytes that are not UTF-8 as Windows-1252, quotes, dash and euro included', () => {
    expect(decodeText(sample1252)).toEqual({ ok: true, text: sample, encoding: 'windows-1252' });
  });

  it('reads Mac Roman (an old Excel for Mac export) as Mac Roman, not as Windows-1252', () => {
    // "João;Conceição;São Paulo;JOÃO DA CONCEIÇÃO;é" in Mac Roman, byte by byte.
    const macRoman = new Uint8Array([
      0x4a, 0x6f, 0x8b, 0x6f, 0x3b, 0x43, 0x6f, 0x6e, 0x63, 0x65, 0x69, 0x8d, 0x8b, 0x6f, 0x3b,
      0x53, 0x8b, 0x6f, 0x20, 0x50, 0x61, 0x75, 0x6c, 0x6f, 0x3b, 0x4a, 0x4f, 0xcc, 0x4f, 0x20,
      0x44, 0x41, 0x20, 0x43, 0x4f, 0x4e, 0x43, 0x45, 0x49, 0x82, 0xcc, 0x4f, 0x3b, 0x8e,
    ]);
    expect(decodeText(macRoman)).toEqual({
      ok: true,
      text: 'João;Conceição;São Paulo;JOÃO DA CONCEIÇÃO;é',
      encoding: 'mac-roman',
    });
  });

  it('keeps Windows-1252 with apostrophes and dashes between letters as Windows-1252', () => {
    // "d’água – Conceição" in Windows-1252: ’ and – are bytes Mac Roman reads as letters.
    const bytes = new Uint8Array([
      0x64, 0x92, 0xe1, 0x67, 0x75, 0x61, 0x20, 0x96, 0x20, 0x43, 0x6f, 0x6e, 0x63, 0x65, 0x69,
      0xe7, 0xe3, 0x6f,
    ]);
    expect(decodeText(bytes)).toEqual({
      ok: true,
      text: 'd’água – Conceição',
      encoding: 'windows-1252',
    });
  });

  it('keeps Windows-1252 whose ’ and — Mac Roman would read as í and ó', () => {
    // Excel's autocorrect types ’ (0x92) and — (0x97); Mac Roman reads both bytes as letters.
    const text = [
      'externalID;E-mail;Endereço',
      'PED-SÃO-0001;joão@exemplo.com.br;Rua D’Ávila — apto 3',
      ...[2, 3, 4, 5].map((n) => `PED-00000${String(n)};c${String(n)}@x.com.br;Rua D’Ávila — apto`),
    ].join('\r\n');
    expect(decodeText(windows1252(text))).toEqual({ ok: true, text, encoding: 'windows-1252' });
  });

  it('refuses UTF-8 with a stray Windows-1252 byte, naming its line', () => {
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('externalID;Nome\nPED-AÇÃO-01;João\nPED-000002;M'),
      0xe1,
      ...new TextEncoder().encode('rcia\n'),
    ]);
    const decoded = decodeText(bytes);
    expect(decoded.ok).toBe(false);
    if (decoded.ok) return;
    expect(decoded.problem).toMatchObject({ code: 'mixed_encoding', line: 3 });
    expect(decoded.problem.message).toContain('line 3');
  });

  it('refuses Windows-1252 with a pasted UTF-8 word, naming the UTF-8 line too', () => {
    const bytes = new Uint8Array([
      ...windows1252('Nome\nConceição\n'),
      ...new TextEncoder().encode('João\n'),
    ]);
    const decoded = decodeText(bytes);
    expect(decoded.ok).toBe(false);
    if (decoded.ok) return;
    expect(decoded.problem).toMatchObject({ code: 'mixed_encoding', line: 2 });
    expect(decoded.problem.message).toContain('line 3');
  });

  it('keeps Windows-1252 where a capital and a quote happen to form a UTF-8 pair', () => {
    // É” is the bytes C9 94, valid UTF-8 for ɔ, a letter no Brazilian file holds.
    const text = 'Nome\n“JOSÉ” Conceição\n';
    expect(decodeText(windows1252(text))).toEqual({ ok: true, text, encoding: 'windows-1252' });
  });

  it('calls plain ASCII UTF-8', () => {
    expect(decodeText(new TextEncoder().encode('CPF;Pedido'))).toMatchObject({ encoding: 'utf-8' });
  });
});

describe('decodeWindows1252', () => {
  it('maps every byte of 0x80–0x9F as the standard does', () => {
    const high = new Uint8Array(32).map((_, index) => 0x80 + index);
    expect(decodeWindows1252(high)).toBe(
      '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ',
    );
  });

  it('maps the rest of the bytes to the same code point', () => {
    expect(decodeWindows1252(new Uint8Array([0x41, 0xa0, 0xc7, 0xff]))).toBe('A\u00a0Çÿ');
  });

  it('decodes inputs longer than its internal chunk', () => {
    const bytes = new Uint8Array(20_000).fill(0xe9);
    expect(decodeWindows1252(bytes)).toBe('é'.repeat(20_000));
  });
});
