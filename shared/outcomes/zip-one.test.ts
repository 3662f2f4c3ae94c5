import JSZip from 'jszip';
import { deflateRawSync, crc32 as zlibCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readZipDeclaration } from '../../electron/sandbox/zip';
import { resolveLimits } from '../spreadsheet/limits';
import { checkZip } from '../spreadsheet/zip-check';
import { unzipOne } from './response-zip';
import { crc32, fflateDeflater, zipArchive, type Deflater } from './zip-one';

const csv = new TextEncoder().encode(
  'ID Transacional,DeviceId,Resultado\r\nPED-1,dév,Suspeito\r\n',
);

/** Node's zlib, as the core passes it (electron/core/tasks/node-deflater.ts). */
const zlibDeflater: Deflater = () => {
  const pieces: Uint8Array[] = [];
  return {
    push: (piece) => void pieces.push(piece),
    end: () => {
      const whole = Buffer.concat(pieces);
      return Promise.resolve({ packed: deflateRawSync(whole), crc32: zlibCrc32(whole) });
    },
  };
};

async function zipped(deflater: Deflater, name = 'respostas-março.csv'): Promise<Uint8Array> {
  const deflating = deflater();
  deflating.push(csv.subarray(0, 10));
  deflating.push(csv.subarray(10));
  return zipArchive(name, csv.length, await deflating.end());
}

describe('zipArchive', () => {
  it.each([
    ['fflate', fflateDeflater],
    ['zlib', zlibDeflater],
  ])('writes a zip every reader here takes (%s)', async (_name, deflater) => {
    const bytes = await zipped(deflater);
    const check = checkZip(bytes, resolveLimits({}));
    expect(check.ok && check.entries).toEqual([
      expect.objectContaining({
        name: 'respostas-março.csv',
        unpackedBytes: csv.length,
        method: 8,
      }),
    ]);
    expect(unzipOne(bytes)).toEqual({ ok: true, bytes: csv });
    expect(readZipDeclaration(Buffer.from(bytes))).toEqual({
      ok: true,
      entries: 1,
      uncompressedBytes: csv.length,
    });
    const zip = await JSZip.loadAsync(bytes);
    const entry = zip.file('respostas-março.csv');
    expect(entry?.date.toISOString()).toBe('2000-01-01T00:00:00.000Z');
    expect(await entry?.async('uint8array')).toEqual(csv);
  });

  it('depends on nothing but the entry, its name and the deflater', async () => {
    expect(await zipped(fflateDeflater)).toEqual(await zipped(fflateDeflater));
    expect(await zipped(fflateDeflater, 'b.csv')).not.toEqual(await zipped(fflateDeflater));
  });
});

describe('crc32', () => {
  it('is the zip CRC-32, piece by piece as whole', () => {
    expect(crc32(csv)).toBe(zlibCrc32(csv));
    expect(crc32(csv.subarray(7), crc32(csv.subarray(0, 7)))).toBe(zlibCrc32(csv));
    expect(crc32(new Uint8Array())).toBe(0);
  });
});
