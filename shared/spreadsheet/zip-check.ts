/**
 * A look at an xlsx file's zip directory before anything is unpacked. An xlsx is a zip archive,
 * and the parser inflates every part in full, in memory, before it reads a cell: a small file
 * whose parts unpack to gigabytes (a zip bomb) would exhaust the worker. The directory at the end
 * of the archive declares every part's packed and unpacked size, so reading it (a few hundred
 * bytes per part, no inflating) refuses such a file in milliseconds.
 *
 * What this cannot see: a directory that lies, declaring small sizes for parts that inflate to
 * more. The local header of each part is checked against the directory (the parser trusts the
 * local header), and a deflated part declared smaller than its packed bytes is refused as
 * impossible; past that, only inflating could tell.
 */
import { formatBytes } from '../format-bytes';
import { formatCount } from './problem';
import type { Limits } from './limits';
import type { ReadProblem } from './types';

/** One part of the archive, as its directory declares it. */
export interface ZipEntry {
  name: string;
  packedBytes: number;
  unpackedBytes: number;
  /** 0 stored, 8 deflated. */
  method: number;
  /** Encrypted (flag bit 0): its data cannot be read without the password. */
  encrypted: boolean;
  /** Where the part's packed bytes start in the file (after its local header). */
  dataOffset: number;
  /** Where its local header starts. */
  localOffset: number;
  /** The CRC-32 of its unpacked bytes, as the directory declares it. */
  crc32: number;
}

/** Which check refused the archive, so a reader of another kind of zip can word it its own way. */
export type ZipRefusal = 'damaged' | 'entries' | 'unpacked' | 'ratio';

export type ZipCheck =
  | {
      ok: true;
      entries: ZipEntry[];
      /** Where the central directory starts. */ directoryStart: number;
    }
  | { ok: false; problem: ReadProblem; refusal: ZipRefusal };

const endRecord = 0x06054b50;
const zip64Locator = 0x07064b50;
const zip64EndRecord = 0x06064b50;
const directoryHeader = 0x02014b50;
const localHeader = 0x04034b50;
const unset32 = 0xffffffff;
const unset16 = 0xffff;

/** Thrown inside this module only, for a directory that is cut short or does not add up. */
class Damaged extends Error {}

/**
 * Reads the zip directory of `bytes` and applies the zip limits: the number of parts, the total
 * unpacked size, and the ratio of each large part. A directory that is missing (a file cut in
 * half), cut short or inconsistent is `corrupt`.
 */
export function checkZip(bytes: Uint8Array, limits: Limits): ZipCheck {
  try {
    return inspect(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), limits);
  } catch (error) {
    if (!(error instanceof Damaged) && !(error instanceof RangeError)) throw error;
    return {
      ok: false,
      refusal: 'damaged',
      problem: {
        code: 'corrupt',
        message:
          'The workbook is damaged or incomplete: its zip directory is missing or cut short. ' +
          'If it was downloaded or copied, fetch it again, or open it in Excel and save it again.',
        detail: error.message,
      },
    };
  }
}

function inspect(view: DataView, limits: Limits): ZipCheck {
  const end = findEndRecord(view);
  let count = view.getUint16(end + 10, true);
  let size = view.getUint32(end + 12, true);
  let offset = view.getUint32(end + 16, true);
  if (count === unset16 || size === unset32 || offset === unset32) {
    // ZIP64: the real values sit in a larger record that a locator just before this one points to.
    if (end < 20 || view.getUint32(end - 20, true) !== zip64Locator) throw new Damaged('no ZIP64');
    const record = safeNumber(view.getBigUint64(end - 12, true));
    if (view.getUint32(record, true) !== zip64EndRecord) throw new Damaged('bad ZIP64 record');
    count = safeNumber(view.getBigUint64(record + 32, true));
    size = safeNumber(view.getBigUint64(record + 40, true));
    offset = safeNumber(view.getBigUint64(record + 48, true));
  }
  if (count > limits.maxZipEntries) return bomb(tooManyParts(count, limits), 'entries');
  if (offset + size > view.byteLength) throw new Damaged('directory past the end');

  const entries: ZipEntry[] = [];
  let total = 0;
  let at = offset;
  for (let index = 0; index < count; index += 1) {
    const entry = readEntry(view, at, offset);
    at = entry.next;
    entries.push(entry.entry);
    total += entry.entry.unpackedBytes;
    const ratioProblem = checkRatio(entry.entry, limits);
    if (ratioProblem !== null) return bomb(ratioProblem, 'ratio');
  }
  if (total > limits.maxUnpackedBytes) return bomb(tooBig(total, limits), 'unpacked');
  return { ok: true, entries, directoryStart: offset };
}

/** The end record sits in the last 22 bytes, or before a comment of up to 65,535 bytes. */
function findEndRecord(view: DataView): number {
  const lowest = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let at = view.byteLength - 22; at >= lowest; at -= 1) {
    if (view.getUint32(at, true) === endRecord) return at;
  }
  throw new Damaged('no end of central directory');
}

/** One directory entry at `at`; its data must lie before the directory (`directoryStart`). */
function readEntry(
  view: DataView,
  at: number,
  directoryStart: number,
): { entry: ZipEntry; next: number } {
  if (view.getUint32(at, true) !== directoryHeader) throw new Damaged('bad directory entry');
  const flags = view.getUint16(at + 8, true);
  const method = view.getUint16(at + 10, true);
  const crc32 = view.getUint32(at + 16, true);
  let packedBytes = view.getUint32(at + 20, true);
  let unpackedBytes = view.getUint32(at + 24, true);
  const nameLength = view.getUint16(at + 28, true);
  const extraLength = view.getUint16(at + 30, true);
  const commentLength = view.getUint16(at + 32, true);
  let local = view.getUint32(at + 42, true);
  const nameStart = at + 46;
  const name = new TextDecoder().decode(
    new Uint8Array(view.buffer, view.byteOffset + nameStart, nameLength),
  );
  const wide = readZip64Sizes(view, nameStart + nameLength, extraLength, {
    unpacked: unpackedBytes === unset32,
    packed: packedBytes === unset32,
    offset: local === unset32,
  });
  unpackedBytes = wide.unpacked ?? unpackedBytes;
  packedBytes = wide.packed ?? packedBytes;
  local = wide.offset ?? local;

  const dataOffset = checkLocalHeader(
    view,
    local,
    flags,
    packedBytes,
    unpackedBytes,
    directoryStart,
  );
  // Stored data does not change size; deflate cannot grow data by more than a few bytes per 16 KB.
  const impossible =
    method === 0
      ? packedBytes !== unpackedBytes
      : packedBytes > unpackedBytes + unpackedBytes / 1000 + 64;
  const encrypted = (flags & 1) !== 0;
  // An encrypted part's packed bytes carry the cipher's header too: the reader refuses it whole.
  if (impossible && !encrypted) throw new Damaged(`impossible sizes for ${name}`);
  const entry = {
    name,
    packedBytes,
    unpackedBytes,
    method,
    encrypted,
    dataOffset,
    localOffset: local,
    crc32,
  };
  return { entry, next: nameStart + nameLength + extraLength + commentLength };
}

/** The ZIP64 extra field holds, in this order, only the values the entry marked as unset. */
function readZip64Sizes(
  view: DataView,
  start: number,
  length: number,
  wanted: { unpacked: boolean; packed: boolean; offset: boolean },
): { unpacked?: number; packed?: number; offset?: number } {
  const found: { unpacked?: number; packed?: number; offset?: number } = {};
  for (let at = start; at + 4 <= start + length;) {
    const id = view.getUint16(at, true);
    const size = view.getUint16(at + 2, true);
    if (id === 0x0001) {
      let field = at + 4;
      for (const key of ['unpacked', 'packed', 'offset'] as const) {
        if (!wanted[key]) continue;
        found[key] = safeNumber(view.getBigUint64(field, true));
        field += 8;
      }
      return found;
    }
    at += 4 + size;
  }
  if (wanted.unpacked || wanted.packed || wanted.offset) throw new Damaged('missing ZIP64 sizes');
  return found;
}

/**
 * The parser trusts the local header, so it must say what the directory says. Returns where the
 * part's data starts.
 */
function checkLocalHeader(
  view: DataView,
  at: number,
  flags: number,
  packedBytes: number,
  unpackedBytes: number,
  directoryStart: number,
): number {
  if (view.getUint32(at, true) !== localHeader) throw new Damaged('bad local header');
  const dataStart = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (dataStart + packedBytes > directoryStart) throw new Damaged('part runs into the directory');
  if ((flags & 0x08) !== 0) return dataStart; // sizes follow the data, in a descriptor
  const packed = view.getUint32(at + 18, true);
  const unpacked = view.getUint32(at + 22, true);
  const agrees = (local: number, declared: number) => local === unset32 || local === declared;
  if (!agrees(packed, packedBytes) || !agrees(unpacked, unpackedBytes)) {
    throw new Damaged('local header disagrees with the directory');
  }
  return dataStart;
}

function checkRatio(entry: ZipEntry, limits: Limits): ReadProblem | null {
  if (entry.unpackedBytes <= limits.ratioCheckFromBytes) return null;
  const ratio = entry.unpackedBytes / Math.max(entry.packedBytes, 1);
  if (ratio <= limits.maxCompressionRatio) return null;
  return {
    code: 'zip_bomb',
    message:
      `The workbook's part "${entry.name}" would unpack from ${formatBytes(entry.packedBytes)} to ` +
      `${formatBytes(entry.unpackedBytes)} (${formatCount(Math.round(ratio))} times its packed size; ` +
      `the limit is ${formatCount(limits.maxCompressionRatio)}). Files like this are zip bombs, ` +
      'made to exhaust memory; it was not opened.',
    limit: limits.maxCompressionRatio,
    found: Math.round(ratio),
  };
}

function tooBig(total: number, limits: Limits): ReadProblem {
  return {
    code: 'zip_bomb',
    message:
      `The workbook would unpack to ${formatBytes(total)}; the limit is ` +
      `${formatBytes(limits.maxUnpackedBytes)}. It may be a zip bomb, or far larger than a list of ` +
      'transactions should be; it was not opened.',
    limit: limits.maxUnpackedBytes,
    found: total,
  };
}

function tooManyParts(count: number, limits: Limits): ReadProblem {
  return {
    code: 'zip_bomb',
    message:
      `The workbook holds ${formatCount(count)} parts; the limit is ` +
      `${formatCount(limits.maxZipEntries)} (a real workbook has a few dozen). It was not opened.`,
    limit: limits.maxZipEntries,
    found: count,
  };
}

function bomb(problem: ReadProblem, refusal: ZipRefusal): ZipCheck {
  return { ok: false, problem, refusal };
}

function safeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new Damaged('size beyond 2^53');
  return Number(value);
}
