import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';

/**
 * A zip archive written front to back onto a stream, one deflated part after another, so a part
 * of any size passes through in pieces and never sits in memory whole. Sizes and checksums are
 * known only once a part is written, so each part ends with a data descriptor (flag bit 3), as
 * the zip format allows for archives written as a stream; the directory at the end repeats them.
 * No zip64: a part or an archive past 4 GiB is refused (the xlsx writer starts a new sheet long
 * before a sheet gets near it).
 */

const localHeader = 0x04034b50;
const descriptorSignature = 0x08074b50;
const directoryHeader = 0x02014b50;
const endRecord = 0x06054b50;
/** Bit 3: sizes in a descriptor after the data; bit 11: names in UTF-8. */
const flags = 0x0808;
const deflated = 8;
const version = 20;
const max32 = 0xffffffff;

/** Thrown when a part or the archive outgrows what a zip without zip64 can describe. */
export class ZipTooLarge extends Error {}

interface Written {
  name: Buffer;
  crc: number;
  packed: number;
  unpacked: number;
  offset: number;
}

/** Date and time in the two 16-bit MS-DOS fields zip headers use (local time, 2-second steps). */
function dosTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
    date:
      ((Math.max(1980, at.getFullYear()) - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

export interface ZipWriter {
  /** Writes one part whose content comes from `pieces` (text is written as UTF-8). */
  part(
    name: string,
    pieces: Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>,
  ): Promise<void>;
  /** Writes the directory; the caller ends the stream. */
  finish(): Promise<void>;
}

export function zipWriter(out: Writable, at = new Date()): ZipWriter {
  const { time, date } = dosTime(at);
  const written: Written[] = [];
  let offset = 0;

  async function put(bytes: Uint8Array): Promise<void> {
    offset += bytes.length;
    if (!out.write(bytes)) await once(out, 'drain');
  }

  async function part(
    nameText: string,
    pieces: Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>,
  ): Promise<void> {
    const name = Buffer.from(nameText, 'utf8');
    const start = offset;
    if (start > max32) throw new ZipTooLarge('The archive is larger than 4 GiB.');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(localHeader, 0);
    header.writeUInt16LE(version, 4);
    header.writeUInt16LE(flags, 6);
    header.writeUInt16LE(deflated, 8);
    header.writeUInt16LE(time, 10);
    header.writeUInt16LE(date, 12);
    // crc and sizes (14–25) stay zero: they follow the data in the descriptor.
    header.writeUInt16LE(name.length, 26);
    await put(Buffer.concat([header, name]));

    let crc = 0;
    let unpacked = 0;
    let packed = 0;
    const deflate = createDeflateRaw({ level: 6 });
    const packedPieces: Buffer[] = [];
    deflate.on('data', (chunk: Buffer) => packedPieces.push(chunk));
    const flush = async () => {
      for (const chunk of packedPieces.splice(0)) {
        packed += chunk.length;
        await put(chunk);
      }
    };
    // `for await` takes a plain iterable as well.
    for await (const piece of pieces as AsyncIterable<string | Uint8Array>) {
      const bytes: Uint8Array = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece;
      if (bytes.length === 0) continue;
      crc = crc32(bytes, crc);
      unpacked += bytes.length;
      if (unpacked > max32) throw new ZipTooLarge(`The part ${nameText} is larger than 4 GiB.`);
      if (!deflate.write(bytes)) await once(deflate, 'drain');
      await flush();
    }
    const ended = once(deflate, 'end');
    deflate.end();
    await ended;
    await flush();

    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(descriptorSignature, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(packed, 8);
    descriptor.writeUInt32LE(unpacked, 12);
    await put(descriptor);
    written.push({ name, crc: crc >>> 0, packed, unpacked, offset: start });
  }

  async function finish(): Promise<void> {
    const directoryStart = offset;
    for (const entry of written) {
      const header = Buffer.alloc(46);
      header.writeUInt32LE(directoryHeader, 0);
      header.writeUInt16LE(version, 4);
      header.writeUInt16LE(version, 6);
      header.writeUInt16LE(flags, 8);
      header.writeUInt16LE(deflated, 10);
      header.writeUInt16LE(time, 12);
      header.writeUInt16LE(date, 14);
      header.writeUInt32LE(entry.crc, 16);
      header.writeUInt32LE(entry.packed, 20);
      header.writeUInt32LE(entry.unpacked, 24);
      header.writeUInt16LE(entry.name.length, 28);
      header.writeUInt32LE(entry.offset, 42);
      await put(Buffer.concat([header, entry.name]));
    }
    const directorySize = offset - directoryStart;
    if (offset > max32 || written.length > 0xffff)
      throw new ZipTooLarge('The archive is larger than 4 GiB.');
    const end = Buffer.alloc(22);
    end.writeUInt32LE(endRecord, 0);
    end.writeUInt16LE(written.length, 8);
    end.writeUInt16LE(written.length, 10);
    end.writeUInt32LE(directorySize, 12);
    end.writeUInt32LE(directoryStart, 16);
    await put(end);
  }

  return { part, finish };
}
