import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { readZipCsvs, readZipDeclaration, zipLimits } from './zip';

const csv = 'ID Transacional,DeviceId,Resultado\ntx,dev,Suspeito\n';

async function zipOf(files: Record<string, string>): Promise<Buffer> {
  const zip = new JSZip();
  for (const [name, content] of Object.entries(files)) zip.file(name, content);
  return Buffer.from(await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }));
}

/** Overwrites the declared uncompressed size in every local and central header. */
function declareSize(data: Buffer, size: number): void {
  for (const [signature, offset] of [
    [0x04034b50, 22],
    [0x02014b50, 24],
  ] as const) {
    const marker = Buffer.alloc(4);
    marker.writeUInt32LE(signature);
    for (let at = data.indexOf(marker); at >= 0; at = data.indexOf(marker, at + 4)) {
      data.writeUInt32LE(size, at + offset);
    }
  }
}

describe('zip declarations', () => {
  it('reads the entry count and declared size', async () => {
    const data = await zipOf({ 'a.csv': csv, 'b/c.csv': csv });
    // jszip adds the folder entry "b/" too.
    expect(readZipDeclaration(data)).toEqual({
      ok: true,
      entries: 3,
      uncompressedBytes: 2 * csv.length,
    });
  });

  it('accepts exactly 100 entries', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < zipLimits.maxEntries; i += 1) files[`f${i}.csv`] = csv;
    const result = await readZipCsvs(await zipOf(files));
    expect(result.ok && result.files).toHaveLength(100);
  });

  it('refuses what is not a zip', () => {
    expect(readZipDeclaration(Buffer.from('PK'))).toEqual({
      ok: false,
      message: 'The zip file is invalid.',
    });
    expect(readZipDeclaration(Buffer.alloc(0))).toEqual({
      ok: false,
      message: 'The zip file is invalid.',
    });
  });

  it('refuses an entry whose bytes do not match its CRC-32, stored or deflated', async () => {
    const stored = new JSZip();
    stored.file('a.csv', csv);
    const data = Buffer.from(
      await stored.generateAsync({ type: 'uint8array', compression: 'STORE' }),
    );
    data.write('TX', data.indexOf('tx,dev'));
    expect(await readZipCsvs(data)).toEqual({ ok: false, message: 'The zip file is invalid.' });
    const deflated = await zipOf({ 'a.csv': csv });
    // The CRC-32 of the local header (offset 14) and of the central directory (offset 16).
    deflated.writeUInt32LE((deflated.readUInt32LE(14) ^ 1) >>> 0, 14);
    const central = deflated.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    deflated.writeUInt32LE((deflated.readUInt32LE(central + 16) ^ 1) >>> 0, central + 16);
    expect(await readZipCsvs(deflated)).toEqual({ ok: false, message: 'The zip file is invalid.' });
  });

  it('stops inflating an entry that lies about its size', async () => {
    const data = await zipOf({ 'big.csv': 'A'.repeat(zipLimits.maxUncompressedBytes + 1024) });
    declareSize(data, 10);
    expect(readZipDeclaration(data)).toMatchObject({ ok: true, uncompressedBytes: 10 });
    expect(await readZipCsvs(data)).toEqual({
      ok: false,
      message: 'The zip file expands to more than 50 MB.',
    });
  });
});
