import { crc32 } from 'node:zlib';
import JSZip from 'jszip';

/**
 * Zip handling for response-variable uploads. The central directory is read first, by hand, so a
 * zip bomb is refused from its declared sizes before anything is inflated; inflation then stops
 * as soon as the real output passes what was declared. Each entry's CRC-32 is checked as it is
 * inflated, so a damaged archive is refused rather than read as other rows.
 */

/** Most entries and most declared uncompressed bytes an upload may hold. */
export const zipLimits = { maxEntries: 100, maxUncompressedBytes: 50 * 1024 * 1024 };

const endOfCentralDirectory = 0x06054b50;
const centralFileHeader = 0x02014b50;

/** What the central directory declares, or why the archive cannot be read. */
export type ZipDeclaration =
  { ok: true; entries: number; uncompressedBytes: number } | { ok: false; message: string };

const invalid = { ok: false, message: 'The zip file is invalid.' } as const;

/** Reads entry count and total uncompressed size from the central directory. */
export function readZipDeclaration(data: Buffer): ZipDeclaration {
  // The end record sits in the last 22 bytes plus a comment of at most 65535 bytes.
  let end = -1;
  for (let at = data.length - 22; at >= Math.max(0, data.length - 22 - 0xffff); at -= 1) {
    if (data.readUInt32LE(at) === endOfCentralDirectory) {
      end = at;
      break;
    }
  }
  if (end < 0) return invalid;
  const entries = data.readUInt16LE(end + 10);
  const directoryOffset = data.readUInt32LE(end + 16);
  // 0xffff / 0xffffffff mean Zip64, which only archives far beyond our limits need.
  if (entries === 0xffff || directoryOffset === 0xffffffff) return tooLarge();
  if (entries > zipLimits.maxEntries) return { ok: false, message: tooManyEntries() };
  let uncompressedBytes = 0;
  let at = directoryOffset;
  for (let index = 0; index < entries; index += 1) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== centralFileHeader) return invalid;
    const size = data.readUInt32LE(at + 24);
    if (size === 0xffffffff) return tooLarge();
    uncompressedBytes += size;
    at += 46 + data.readUInt16LE(at + 28) + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
  }
  if (uncompressedBytes > zipLimits.maxUncompressedBytes) return tooLarge();
  return { ok: true, entries, uncompressedBytes };
}

function tooManyEntries(): string {
  return `The zip file has more than ${zipLimits.maxEntries} entries.`;
}

function tooLarge(): { ok: false; message: string } {
  return {
    ok: false,
    message: `The zip file expands to more than ${zipLimits.maxUncompressedBytes / 1024 / 1024} MB.`,
  };
}

/** A CSV found in an archive. */
export interface ZipCsv {
  path: string;
  data: Buffer;
}

/**
 * The CRC-32 the archive declares for an entry. jszip keeps it only on its internal record; its
 * own `checkCRC32` option would inflate every entry in full, without the budget below.
 */
function declaredCrc(file: JSZip.JSZipObject): number | null {
  const crc = (file as unknown as { _data?: { crc32?: unknown } })._data?.crc32;
  return typeof crc === 'number' ? crc >>> 0 : null;
}

/**
 * Inflates one entry, giving up (null) once it yields more than `budget` bytes, and failing when
 * its bytes do not match the declared CRC-32. jszip's Node stream is readable-stream 2 (no async
 * iteration), hence the events.
 */
function inflate(file: JSZip.JSZipObject, budget: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const expected = declaredCrc(file);
    if (expected === null) {
      reject(new Error('The zip entry has no CRC-32.'));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let crc = 0;
    const stream = file.nodeStream('nodebuffer');
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      crc = crc32(chunk, crc);
      if (size <= budget) {
        chunks.push(chunk);
        return;
      }
      // Paused with no reader, jszip stops inflating once the stream's buffer is full.
      stream.pause();
      stream.removeAllListeners('data');
      resolve(null);
    });
    stream.on('end', () => {
      if (crc >>> 0 === expected) resolve(Buffer.concat(chunks, size));
      else reject(new Error('The zip entry does not match its CRC-32.'));
    });
    stream.on('error', reject);
  });
}

/** Folders and macOS resource forks (`__MACOSX/`, `._name.csv`) are not data. */
function isDataCsv(file: JSZip.JSZipObject): boolean {
  const base = file.name.split('/').pop() ?? '';
  return (
    !file.dir &&
    !file.name.startsWith('__MACOSX/') &&
    !base.startsWith('._') &&
    /\.csv$/i.test(base)
  );
}

/** The CSV entries of an archive (any folder), or a message explaining why they cannot be read. */
export async function readZipCsvs(
  data: Buffer,
): Promise<{ ok: true; files: ZipCsv[] } | { ok: false; message: string }> {
  const declaration = readZipDeclaration(data);
  if (!declaration.ok) return { ok: false, message: declaration.message };
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(data);
  } catch {
    return { ok: false, message: 'The zip file is invalid.' };
  }
  const entries = Object.values(zip.files).filter(isDataCsv);
  if (entries.length === 0) return { ok: false, message: 'The zip file contains no .csv file.' };
  let budget = zipLimits.maxUncompressedBytes;
  const files: ZipCsv[] = [];
  for (const entry of entries) {
    let content: Buffer | null;
    try {
      content = await inflate(entry, budget);
    } catch {
      return { ok: false, message: 'The zip file is invalid.' };
    }
    if (content === null) return tooLarge();
    budget -= content.length;
    files.push({ path: entry.name, data: content });
  }
  return { ok: true, files };
}
