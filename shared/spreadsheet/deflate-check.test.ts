import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflateEnds } from './deflate-check';

/** Text like a worksheet part: repetitive XML with varying numbers. */
function sheetXml(rows: number): Buffer {
  const parts = ['<worksheet><sheetData>'];
  for (let row = 1; row <= rows; row += 1) {
    parts.push(
      `<row r="${String(row)}"><c r="A${String(row)}"><v>${String(row * 7919)}</v></c></row>`,
    );
  }
  return Buffer.from(parts.join('') + '</sheetData></worksheet>');
}

let seed = 11;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const noise = (length: number) => Buffer.from(Array.from({ length }, () => (random() * 256) | 0));

describe('deflateEnds', () => {
  it('accepts what zlib writes, at every level, and nothing but its exact size', () => {
    const samples = [Buffer.alloc(0), Buffer.from('a'), sheetXml(3000), noise(70_000)];
    for (const data of samples) {
      for (const level of [0, 1, 6, 9]) {
        const packed = deflateRawSync(data, { level });
        expect(deflateEnds(packed, data.length)).toBe(true);
        expect(deflateEnds(packed, data.length + 1)).toBe(false);
        if (data.length > 0) expect(deflateEnds(packed, data.length - 1)).toBe(false);
      }
    }
    // Fixed Huffman codes: zlib uses them for short input.
    expect(deflateEnds(deflateRawSync(Buffer.from('abcabcabc')), 9)).toBe(true);
  });

  it('refuses a stream cut anywhere', () => {
    const data = sheetXml(500);
    const packed = deflateRawSync(data);
    for (let cut = 0; cut < packed.length; cut += 37) {
      expect(deflateEnds(packed.subarray(0, cut), data.length)).toBe(false);
    }
  });

  it('refuses the garbled start that makes SheetJS loop forever', () => {
    const data = sheetXml(500);
    const packed = Buffer.from(deflateRawSync(data));
    packed.fill(0xff, 0, 4);
    expect(deflateEnds(packed, data.length)).toBe(false);
  });

  it('ends on any bytes, and passes only streams that zlib inflates to the declared size', () => {
    const data = sheetXml(300);
    const packed = deflateRawSync(data);
    for (let round = 0; round < 400; round += 1) {
      const mutated = Buffer.from(round % 4 === 0 ? noise(packed.length) : packed);
      for (let flips = 0; flips < 1 + (round % 5); flips += 1) {
        mutated[Math.floor(random() * mutated.length)] = (random() * 256) | 0;
      }
      if (!deflateEnds(mutated, data.length)) continue;
      expect(inflateRawSync(mutated).length).toBe(data.length);
    }
  });
});
