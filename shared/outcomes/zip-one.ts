/**
 * Writing the zip form of a response-variable file: one deflated entry, its headers written here
 * (stored sizes and CRC in the local header, no data descriptor, no extra fields), so that the
 * only thing that shapes the bytes besides the CSV is the deflater. Plain TypeScript: the core
 * passes Node's zlib (`nodeDeflater`), which deflates on another thread while the next rows are
 * written; anything else gets fflate's, the same in every runtime.
 */
import { deflateSync } from 'fflate';

/** The entry's CSV, taken piece by piece as it is written. */
export interface EntryDeflater {
  push(piece: Uint8Array): void;
  /** Everything pushed, deflated (raw, RFC 1951), and its CRC-32. */
  end(): Promise<{ packed: Uint8Array; crc32: number }>;
}

/** A fresh deflater for one entry. */
export type Deflater = () => EntryDeflater;

/** The entry date of every zip built here: 1 January 2000, 00:00, in the MS-DOS fields. */
export const zipEntryDate = new Date(Date.UTC(2000, 0, 1, 0, 0, 0));
const dosTime = 0;
const dosDate = ((2000 - 1980) << 9) | (1 << 5) | 1;

/** Bit 11: the name is UTF-8 (a stem may be `março`). */
const utf8Name = 0x0800;
const deflated = 8;
const version = 20;

/** fflate's level-6 deflate of the whole CSV, at the end: pure JavaScript, on this thread. */
export const fflateDeflater: Deflater = () => {
  const pieces: Uint8Array[] = [];
  let crc = 0;
  return {
    push(piece) {
      crc = crc32(piece, crc);
      pieces.push(piece);
    },
    end: () => Promise.resolve({ packed: deflateSync(joined(pieces), { level: 6 }), crc32: crc }),
  };
};

/** The archive holding `size` bytes as `entryName`, from their deflated form and CRC-32. */
export function zipArchive(
  entryName: string,
  size: number,
  { packed, crc32: crc }: { packed: Uint8Array; crc32: number },
): Uint8Array {
  const name = new TextEncoder().encode(entryName);
  const local = header(30 + name.length, (view) => {
    view.setUint32(0, 0x04034b50, true);
    view.setUint16(4, version, true);
    entryFields(view, 6, crc, packed.length, size, name.length);
  });
  local.set(name, 30);
  const directory = header(46 + name.length, (view) => {
    view.setUint32(0, 0x02014b50, true);
    view.setUint16(4, version, true);
    view.setUint16(6, version, true);
    entryFields(view, 8, crc, packed.length, size, name.length);
    // Comment, disk, attributes (42 ends at 0): the entry starts the archive, at offset 0.
  });
  directory.set(name, 46);
  const end = header(22, (view) => {
    view.setUint32(0, 0x06054b50, true);
    view.setUint16(8, 1, true);
    view.setUint16(10, 1, true);
    view.setUint32(12, directory.length, true);
    view.setUint32(16, local.length + packed.length, true);
  });
  return joined([local, packed, directory, end]);
}

/** Flags to name length, as the local header and the directory both carry them from `at`. */
function entryFields(
  view: DataView,
  at: number,
  crc: number,
  packed: number,
  size: number,
  nameLength: number,
): void {
  view.setUint16(at, utf8Name, true);
  view.setUint16(at + 2, deflated, true);
  view.setUint16(at + 4, dosTime, true);
  view.setUint16(at + 6, dosDate, true);
  view.setUint32(at + 8, crc >>> 0, true);
  view.setUint32(at + 12, packed, true);
  view.setUint32(at + 16, size, true);
  view.setUint16(at + 20, nameLength, true);
}

function header(length: number, write: (view: DataView) => void): Uint8Array {
  const bytes = new Uint8Array(length);
  write(new DataView(bytes.buffer));
  return bytes;
}

function joined(parts: Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
}

const crcTable = Uint32Array.from({ length: 256 }, (_, byte) => {
  let value = byte;
  for (let bit = 0; bit < 8; bit += 1) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
  return value >>> 0;
});

/** CRC-32 (the zip one) of `bytes`, continuing from `crc`. */
export function crc32(bytes: Uint8Array, crc = 0): number {
  let value = ~crc;
  for (const byte of bytes) value = (crcTable[(value ^ byte) & 0xff] ?? 0) ^ (value >>> 8);
  return ~value >>> 0;
}
