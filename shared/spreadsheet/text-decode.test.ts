import { describe, it, expect } from 'vitest';
import { decodeText, decodeWindows1252 } from './text-decode';

const sample = 'Ação – “teste” €';
/** The sample as Windows-1252 bytes, written out so no encoder can hide a mistake. */
const sample1252 = new Uint8Array([
  0x41, 0xe7, 0xe3, 0x6f, 0x20, 0x96, 0x20, 0x93, 0x74, 0x65, 0x73, 0x74, 0x65, 0x94, 0x20, 0x80,
]);

describe('decodeText', () => {
  it('reads UTF-8 with a byte order mark and drops the mark', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(sample)]);
    expect(decodeText(bytes)).toEqual({ text: sample, encoding: 'utf-8-bom' });
  });

  it('reads UTF-8 without a mark', () => {
    expect(decodeText(new TextEncoder().encode(sample))).toEqual({
      text: sample,
      encoding: 'utf-8',
    });
  });

  it('reads bytes that are not UTF-8 as Windows-1252, quotes, dash and euro included', () => {
    expect(decodeText(sample1252)).toEqual({ text: sample, encoding: 'windows-1252' });
  });

  it('reads Mac Roman (an old Excel for Mac export) as Mac Roman, not as Windows-1252', () => {
    // "João;Conceição;São Paulo;JOÃO DA CONCEIÇÃO;é" in Mac Roman, byte by byte.
    const macRoman = new Uint8Array([
      0x4a, 0x6f, 0x8b, 0x6f, 0x3b, 0x43, 0x6f, 0x6e, 0x63, 0x65, 0x69, 0x8d, 0x8b, 0x6f, 0x3b,
      0x53, 0x8b, 0x6f, 0x20, 0x50, 0x61, 0x75, 0x6c, 0x6f, 0x3b, 0x4a, 0x4f, 0xcc, 0x4f, 0x20,
      0x44, 0x41, 0x20, 0x43, 0x4f, 0x4e, 0x43, 0x45, 0x49, 0x82, 0xcc, 0x4f, 0x3b, 0x8e,
    ]);
    expect(decodeText(macRoman)).toEqual({
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
    expect(decodeText(bytes)).toEqual({ text: 'd’água – Conceição', encoding: 'windows-1252' });
  });

  it('calls plain ASCII UTF-8', () => {
    expect(decodeText(new TextEncoder().encode('CPF;Pedido')).encoding).toBe('utf-8');
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
