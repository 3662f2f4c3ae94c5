import JSZip from 'jszip';
import { beforeAll, describe, it, expect } from 'vitest';
import { zipBomb } from '../../tests/support/bad-fixtures';
import { resolveLimits } from './limits';
import { checkZip } from './zip-check';

const limits = resolveLimits();
const megabyte = 1024 * 1024;

async function jszipOf(files: Record<string, string | Uint8Array>): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const [name, data] of Object.entries(files)) zip.file(name, data, { createFolders: false });
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

/** Offsets of every 4-byte little-endian `signature` in `bytes`. */
function offsetsOf(bytes: Uint8Array, signature: number): number[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const found: number[] = [];
  for (let at = 0; at + 4 <= bytes.length; at += 1) {
    if (view.getUint32(at, true) === signature) found.push(at);
  }
  return found;
}

interface Declared {
  name: string;
  data: Uint8Array;
  /** Unpacked size to declare instead of the data's length. */
  unpacked?: number;
  /** The method to declare; the data is stored as is either way (nothing here inflates). */
  method?: 0 | 8;
}

/**
 * A stored (method 0) zip built by hand, optionally in ZIP64 form, so the directory can declare
 * any size without any data behind it.
 */
function handZip(files: Declared[], zip64 = false): Uint8Array {
  const chunks: number[] = [];
  const u16 = (value: number) => chunks.push(value & 0xff, (value >>> 8) & 0xff);
  const u32 = (value: number) => {
    u16(value & 0xffff);
    u16(Math.floor(value / 0x10000) & 0xffff);
  };
  const u64 = (value: number) => {
    u32(value % 0x100000000);
    u32(Math.floor(value / 0x100000000));
  };
  const bytes = (data: Uint8Array) => chunks.push(...data);
  const offsets: number[] = [];
  for (const file of files) {
    offsets.push(chunks.length);
    const name = new TextEncoder().encode(file.name);
    u32(0x04034b50);
    u16(zip64 ? 45 : 20);
    u16(0);
    u16(file.method ?? 0);
    u32(0);
    u32(0);
    u32(zip64 ? 0xffffffff : file.data.length);
    u32(zip64 ? 0xffffffff : (file.unpacked ?? file.data.length));
    u16(name.length);
    u16(0);
    bytes(name);
    bytes(file.data);
  }
  const directory = chunks.length;
  files.forEach((file, index) => {
    const name = new TextEncoder().encode(file.name);
    u32(0x02014b50);
    u16(45);
    u16(zip64 ? 45 : 20);
    u16(0);
    u16(file.method ?? 0);
    u32(0);
    u32(0);
    u32(zip64 ? 0xffffffff : file.data.length);
    u32(zip64 ? 0xffffffff : (file.unpacked ?? file.data.length));
    u16(name.length);
    u16(zip64 ? 28 : 0);
    u16(0);
    u16(0);
    u16(0);
    u32(0);
    u32(zip64 ? 0xffffffff : (offsets[index] ?? 0));
    bytes(name);
    if (zip64) {
      u16(0x0001);
      u16(24);
      u64(file.unpacked ?? file.data.length);
      u64(file.data.length);
      u64(offsets[index] ?? 0);
    }
  });
  const directorySize = chunks.length - directory;
  if (zip64) {
    const record = chunks.length;
    u32(0x06064b50);
    u64(44);
    u16(45);
    u16(45);
    u32(0);
    u32(0);
    u64(files.length);
    u64(files.length);
    u64(directorySize);
    u64(directory);
    u32(0x07064b50);
    u32(0);
    u64(record);
    u32(1);
  }
  u32(0x06054b50);
  u16(0);
  u16(0);
  u16(zip64 ? 0xffff : files.length);
  u16(zip64 ? 0xffff : files.length);
  u32(zip64 ? 0xffffffff : directorySize);
  u32(zip64 ? 0xffffffff : directory);
  u16(0);
  return new Uint8Array(chunks);
}

const text = (value: string) => new TextEncoder().encode(value);

describe('checkZip', () => {
  let bomb: Uint8Array;
  beforeAll(async () => {
    // 50 MB of zeros deflates to about 50 KB: a thousandfold ratio, like any zip bomb.
    bomb = await zipBomb(50);
  });

  it('lists the parts of a normal archive with their declared sizes', async () => {
    const zip = await jszipOf({
      '[Content_Types].xml': '<Types/>',
      'xl/workbook.xml': 'x'.repeat(5000),
    });
    const check = checkZip(zip, limits);
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.entries.map((entry) => entry.name)).toEqual([
      '[Content_Types].xml',
      'xl/workbook.xml',
    ]);
    expect(check.entries[1]?.unpackedBytes).toBe(5000);
    expect(check.entries[1]?.method).toBe(8);
    expect(check.entries[1]?.packedBytes).toBeLessThan(100);
  });

  it('refuses a real zip bomb from its directory alone, in milliseconds', () => {
    expect(bomb.length).toBeLessThan(megabyte);
    const started = performance.now();
    const check = checkZip(bomb, limits);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeLessThan(100);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.problem.code).toBe('zip_bomb');
    expect(check.problem.limit).toBe(200);
    expect(check.problem.found).toBeGreaterThan(500);
    expect(check.problem.message).toContain('"xl/worksheets/sheet1.xml" would unpack from');
    expect(check.problem.message).toContain('to 50 MB');
  });

  it('lets a highly compressible part through when it is small', async () => {
    const zip = await jszipOf({ 'xl/sharedStrings.xml': new Uint8Array(2 * megabyte) });
    expect(checkZip(zip, limits).ok).toBe(true);
  });

  it('refuses an archive that declares more than the unpacked limit in total', () => {
    const zip = handZip([
      { name: 'a.xml', data: text('a'.repeat(1000)) },
      { name: 'b.xml', data: text('b'.repeat(1000)) },
    ]);
    const check = checkZip(zip, resolveLimits({ maxUnpackedBytes: 1500 }));
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.problem).toMatchObject({ code: 'zip_bomb', limit: 1500, found: 2000 });
    expect(check.problem.message).toMatch(
      /^The workbook would unpack to 2 KB; the limit is 1.5 KB\./,
    );
  });

  it('reads ZIP64 directories, with sizes beyond 4 GB', () => {
    const small = handZip([{ name: 'xl/workbook.xml', data: text('<workbook/>') }], true);
    const fine = checkZip(small, limits);
    expect(fine.ok && fine.entries).toEqual([
      {
        name: 'xl/workbook.xml',
        packedBytes: 11,
        unpackedBytes: 11,
        method: 0,
        encrypted: false,
        dataOffset: 45,
        localOffset: 0,
        // The hand-made zip leaves its CRC-32 at 0; the xlsx reader does not check it.
        crc32: 0,
      },
    ]);

    const huge = { name: 'big.xml', data: text('x'.repeat(1000)), unpacked: 6 * 1024 ** 3 };
    const bomb64 = checkZip(handZip([{ ...huge, method: 8 }], true), limits);
    expect(!bomb64.ok && bomb64.problem).toMatchObject({ code: 'zip_bomb', found: 6_442_451 });

    // A stored part unpacks to exactly what it holds: claiming more is damage, not a bomb.
    const stored = checkZip(handZip([huge], true), limits);
    expect(!stored.ok && stored.problem.code).toBe('corrupt');
  });

  it('refuses more parts than the limit before reading them', async () => {
    const zip = await jszipOf({ a: 'a', b: 'b', c: 'c', d: 'd' });
    const check = checkZip(zip, resolveLimits({ maxZipEntries: 3 }));
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.problem).toMatchObject({ code: 'zip_bomb', limit: 3, found: 4 });
    expect(check.problem.message).toMatch(/^The workbook holds 4 parts; the limit is 3 /);
  });

  it('refuses a directory claiming 20,000 parts with the default limit', async () => {
    const zip = await jszipOf({ a: 'a' });
    const end = offsetsOf(zip, 0x06054b50)[0] ?? 0;
    new DataView(zip.buffer, zip.byteOffset).setUint16(end + 10, 20_000, true);
    const check = checkZip(zip, limits);
    expect(!check.ok && check.problem.found).toBe(20_000);
  });

  it('calls a file cut in half corrupt', () => {
    const check = checkZip(bomb.slice(0, bomb.length / 2), limits);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.problem.code).toBe('corrupt');
    expect(check.problem.message).toMatch(/damaged or incomplete/);
  });

  it('calls a directory whose entries run past the end corrupt', async () => {
    const zip = await jszipOf({ a: 'a', b: 'b' });
    const end = offsetsOf(zip, 0x06054b50)[0] ?? 0;
    new DataView(zip.buffer, zip.byteOffset).setUint16(end + 10, 3, true);
    const check = checkZip(zip, limits);
    expect(!check.ok && check.problem.code).toBe('corrupt');
  });

  it('calls corrupt a directory that understates a part against its local header', async () => {
    const zip = await jszipOf({ 'xl/worksheets/sheet1.xml': new Uint8Array(20 * megabyte) });
    const entry = offsetsOf(zip, 0x02014b50)[0] ?? 0;
    // The directory now says 1 KB; the local header, which the parser trusts, still says 20 MB.
    new DataView(zip.buffer, zip.byteOffset).setUint32(entry + 24, 1024, true);
    const check = checkZip(zip, limits);
    expect(!check.ok && check.problem.code).toBe('corrupt');
  });

  it('calls corrupt a deflated part declared smaller than its packed bytes', () => {
    const zip = handZip([{ name: 'a.xml', data: text('y'.repeat(2000)), unpacked: 10, method: 8 }]);
    const check = checkZip(zip, limits);
    expect(!check.ok && check.problem.detail).toBe('impossible sizes for a.xml');
  });

  it('calls bytes without any zip directory corrupt', () => {
    const check = checkZip(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), limits);
    expect(!check.ok && check.problem.code).toBe('corrupt');
  });
});
