import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { readResponseFile } from '../../../shared/outcomes';
import { fflateInflater, type Inflater } from '../../../shared/outcomes/response-zip';
import { nodeInflater, nodeUnpacking } from './node-inflater';

const header = 'ID Transacional,DeviceId,Resultado\r\n';
const rows = 'A1,dev-x,Suspeito\r\n'.repeat(20_000);

async function zipOf(csv: string): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file('r.csv', csv);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

/** The zip with its CSV's unpacked size set to `size` in both headers. */
function declaring(bytes: Uint8Array, size: number): Uint8Array {
  const copy = bytes.slice();
  const view = new DataView(copy.buffer);
  view.setUint32(22, size, true);
  const central = copy.findIndex((_, at) => view.getUint32(at, true) === 0x02014b50);
  view.setUint32(central + 24, size, true);
  return copy;
}

const messages = (bytes: Uint8Array, inflate: Inflater) => {
  const read = readResponseFile(bytes, 'r.zip', { inflate });
  return read.ok ? [`${String(read.rows.length)} rows`] : read.problems.map((p) => p.message);
};

/** Node's zlib says of every zip what fflate's walk and inflate say: the core and the window agree. */
describe.each([
  ['Node zlib', nodeInflater],
  ['fflate', fflateInflater],
])('a response zip read with %s', (_, inflate) => {
  it('reads a whole one', async () => {
    expect(messages(await zipOf(header + 'PED-B1,dev-y,Suspeito\r\n'), inflate)).toEqual([
      '1 rows',
    ]);
  });

  it('refuses one whose headers understate or overstate the CSV', async () => {
    const zip = await zipOf(header + rows);
    const size = header.length + rows.length;
    for (const wrong of [size - 1, 1000, size + 1, size * 2])
      expect(messages(declaring(zip, wrong), inflate)).toEqual([
        'The zip archive is damaged: its CSV does not unpack to the size it declares.',
      ]);
  });

  it('refuses one cut short or garbled, and ends', async () => {
    const zip = await zipOf(header + rows);
    const view = new DataView(zip.buffer);
    const packed = view.getUint32(18, true);
    const start = 30 + view.getUint16(26, true) + view.getUint16(28, true);
    const garbled = zip.slice();
    for (let at = start; at < start + 8; at += 1) garbled[at] = 0xff;
    const [said] = messages(garbled, inflate);
    expect(said).toMatch(/^The zip archive is damaged/);
    // The data cut to its first half, the directory still declaring the whole.
    const cut = zip.slice();
    cut.fill(0, start + Math.floor(packed / 2), start + packed);
    expect(messages(cut, inflate)[0]).toMatch(/^The zip archive is damaged/);
  });
});

/** The offset of the first central directory entry, and of the end record. */
function directory(bytes: Uint8Array): { central: number; end: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  const central = bytes.findIndex((_, at) => view.getUint32(at, true) === 0x02014b50);
  const end = bytes.findIndex((_, at) => view.getUint32(at, true) === 0x06054b50);
  return { central, end };
}

describe.each([
  ['Node zlib', nodeUnpacking],
  ['fflate', {}],
])('a response zip checked with %s', (_, unpacking) => {
  const read = (bytes: Uint8Array) => {
    const result = readResponseFile(bytes, 'r.zip', unpacking);
    return result.ok
      ? [`${String(result.rows.length)} rows`]
      : result.problems.map((p) => p.message);
  };

  it('refuses one whose CSV does not match its CRC-32, deflated or stored', async () => {
    for (const compression of ['DEFLATE', 'STORE'] as const) {
      const zip = new JSZip();
      zip.file('r.csv', header + 'PED-0001,dev-1,Suspeito\r\n');
      const bytes = await zip.generateAsync({ type: 'uint8array', compression });
      expect(read(bytes)).toEqual(['1 rows']);
      const view = new DataView(bytes.buffer);
      const wrong = (view.getUint32(14, true) ^ 1) >>> 0;
      view.setUint32(14, wrong, true);
      view.setUint32(directory(bytes).central + 16, wrong, true);
      expect(read(bytes), compression).toEqual([
        'The zip archive is damaged: its CSV does not match its checksum (CRC-32). Build or copy the file again, then choose it again.',
      ]);
    }
  });

  it('refuses one that hides a file its directory does not list', async () => {
    const zipOfRows = async (rows: string) => {
      const zip = new JSZip();
      zip.file('r.csv', header + rows);
      return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
    };
    // A streaming reader meets the hidden file first; the directory lists only the second.
    const hidden = await zipOfRows('PED-0001,dev-1,Fraude Confirmada\r\n');
    const listed = await zipOfRows('PED-0001,dev-1,Suspeito\r\n');
    const prefix = hidden.subarray(0, directory(hidden).central);
    const shadow = new Uint8Array(prefix.length + listed.length);
    shadow.set(prefix);
    shadow.set(listed, prefix.length);
    const view = new DataView(shadow.buffer);
    const { central, end } = directory(shadow.subarray(prefix.length));
    view.setUint32(prefix.length + central + 42, prefix.length, true);
    view.setUint32(prefix.length + end + 16, prefix.length + central, true);
    expect(read(listed)).toEqual(['1 rows']);
    expect(read(shadow)).toEqual([
      'The zip archive holds data its directory does not list (a file hidden before or between its files), so readers may disagree on what it holds. Build or zip the CSV again and choose it again.',
    ]);
  });
});
