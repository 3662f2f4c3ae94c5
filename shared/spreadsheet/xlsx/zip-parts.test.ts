import { deflateSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { ZipEntry } from '../zip-check';
import { eachElementRun, eachSlice, partText } from './zip-parts';

function deflated(text: string, declared?: number): { bytes: Uint8Array; entry: ZipEntry } {
  const plain = strToU8(text);
  const bytes = deflateSync(plain);
  return {
    bytes,
    entry: {
      name: 'xl/worksheets/sheet1.xml',
      packedBytes: bytes.length,
      unpackedBytes: declared ?? plain.length,
      method: 8,
      encrypted: false,
      dataOffset: 0,
      localOffset: 0,
      crc32: 0,
    },
  };
}

describe('zip parts', () => {
  it('gives back the text of a large part, a multi-byte character split between slices intact', () => {
    const text = `${'<row>ção</row>'.repeat(60_000)}€`;
    const { bytes, entry } = deflated(text);
    const slices: string[] = [];
    eachSlice(bytes, entry, (slice) => slices.push(slice));
    expect(slices.length).toBeGreaterThan(5);
    expect(slices.every((slice) => slice.length <= 64 * 1024)).toBe(true);
    expect(slices.join('')).toBe(text);
  });

  it('refuses a part that unpacks to more, or less, than it declares', () => {
    const text = '<row/>'.repeat(100_000);
    const more = deflated(text, text.length - 1);
    expect(() => partText(more.bytes, more.entry)).toThrow(/declared size/);
    const less = deflated(text, text.length + 1);
    expect(() => partText(less.bytes, less.entry)).toThrow(/declared size/);
  });

  it('cuts a part only after a closing tag of the element, prefixed or not', () => {
    const text = `<x:sheetData>${'<x:row r="1"><x:c><x:v>1</x:v></x:c></x:row>'.repeat(40_000)}</x:sheetData>`;
    const { bytes, entry } = deflated(text);
    const runs: string[] = [];
    eachElementRun(bytes, entry, 'row', (run) => runs.push(run));
    expect(runs.join('')).toBe(text);
    expect(runs.slice(0, -1).every((run) => run.endsWith('</x:row>'))).toBe(true);
  });
});
