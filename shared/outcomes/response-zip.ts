/**
 * The zip form of a response-variable file: one CSV inside. Built so that the same rows always
 * give the same bytes (and so the same SHA-256, which the re-send guard compares): the entry's
 * date is fixed and nothing else in the archive depends on the time or the machine.
 */
import { inflateSync } from 'fflate';
import { resolveLimits } from '../spreadsheet/limits';
import { deflateEnds } from '../spreadsheet/deflate-check';
import type { Limits } from '../spreadsheet/limits';
import { formatBytes } from '../format-bytes';
import { formatCount } from '../spreadsheet/problem';
import type { ReadProblem } from '../spreadsheet/types';
import { checkZip, type ZipEntry, type ZipRefusal } from '../spreadsheet/zip-check';
import type { FileProblem } from './types';
import { crc32 as jsCrc32, fflateDeflater, zipArchive, type Deflater } from './zip-one';

export { zipEntryDate } from './zip-one';

/** The most a response file may hold unpacked: a row takes about 60 bytes, so 800,000 rows and more. */
export const maxResponseBytes = 50 * 1024 * 1024;

/**
 * The most entries a response zip may hold, folders and companions included: the service (as the
 * sandbox stands for it) refuses more than 100, so the check says it first.
 */
export const maxResponseZipEntries = 100;

/**
 * Unpacks a raw deflate stream that must end at exactly `size` bytes: its bytes, or why not
 * (`size`: it unpacks to another size; `damaged`: it is cut short or breaks the format).
 */
export type Inflater = (
  packed: Uint8Array,
  size: number,
) => { ok: true; bytes: Uint8Array } | { ok: false; reason: 'size' | 'damaged' };

/** How a zip's CSV is unpacked and checked: fflate's and JavaScript's unless said (the core passes Node's zlib). */
export interface Unpacking {
  inflate?: Inflater;
  crc32?: (bytes: Uint8Array) => number;
}

/** The most a data descriptor after an entry's data takes (ZIP64's, with its signature). */
const descriptorBytes = 24;

/**
 * Whether the entries' local headers and data fill the file from its start to the directory, with
 * at most a data descriptor after each: nothing else hides between them.
 */
function coveredByDirectory(entries: ZipEntry[], directoryStart: number): boolean {
  const ordered = [...entries].sort((a, b) => a.localOffset - b.localOffset);
  let end = 0;
  for (const entry of ordered) {
    const gap = entry.localOffset - end;
    if (gap < 0 || gap > (end === 0 ? 0 : descriptorBytes)) return false;
    end = entry.dataOffset + entry.packedBytes;
  }
  const tail = directoryStart - end;
  return tail >= 0 && tail <= (ordered.length === 0 ? 0 : descriptorBytes);
}

/**
 * fflate's inflate, the same in every runtime. fflate never checks that it is still inside the
 * data, so a damaged stream could make it loop: the stream is first walked, without keeping its
 * output, to end where the directory says (a directory that lies about the size would otherwise
 * make the output too small or too large). The core passes Node's zlib instead, which checks both
 * as it inflates, in a quarter of the time.
 */
export const fflateInflater: Inflater = (packed, size) => {
  if (!deflateEnds(packed, size)) return { ok: false, reason: 'size' };
  try {
    // Proven above to end at the declared size (at most 50 MB): inflated into exactly that.
    const bytes = inflateSync(packed, { out: new Uint8Array(size) });
    return bytes.length === size ? { ok: true, bytes } : { ok: false, reason: 'damaged' };
  } catch {
    return { ok: false, reason: 'damaged' };
  }
};

/** A zip holding `bytes` as its one entry `entryName`, deflated by `deflater`, with the fixed date. */
export async function zipOne(
  entryName: string,
  bytes: Uint8Array,
  deflater: Deflater = fflateDeflater,
): Promise<Uint8Array> {
  const deflating = deflater();
  deflating.push(bytes);
  return zipArchive(entryName, bytes.length, await deflating.end());
}

/**
 * The bytes of the one CSV file in a zip. Directories and macOS's `__MACOSX/` and `._` companions
 * are ignored; other files are left alone. The zip directory is read before anything is unpacked,
 * so an archive that would unpack to more than 50 MB, or holds more than 100 entries, is refused
 * without inflating it.
 */
export function unzipOne(
  bytes: Uint8Array,
  { inflate = fflateInflater, crc32 = jsCrc32 }: Unpacking = {},
): { ok: true; bytes: Uint8Array } | { ok: false; problem: FileProblem } {
  const limits = resolveLimits({
    maxUnpackedBytes: maxResponseBytes,
    maxZipEntries: maxResponseZipEntries,
  });
  const check = checkZip(bytes, limits);
  if (!check.ok) return unreadable(refusalText(check.refusal, check.problem, limits));
  const csvNames = check.entries
    .map((entry) => entry.name)
    .filter((name) => !name.endsWith('/') && !isMacCompanion(name))
    .filter((name) => name.toLowerCase().endsWith('.csv'));
  const [name] = csvNames;
  if (name === undefined) return unreadable('The zip holds no CSV file.');
  if (csvNames.length > 1) {
    return unreadable(
      `The zip holds ${csvNames.length} CSV files (${csvNames.join(', ')}); it must hold one.`,
    );
  }
  const listed = check.entries.find((entry) => entry.name === name);
  if (listed === undefined) return unreadable('The zip archive is damaged or incomplete.');
  // Bytes no directory entry accounts for are another file that a reader walking the local
  // headers (as streaming servers do) would read instead of the one listed.
  if (!coveredByDirectory(check.entries, check.directoryStart))
    return unreadable(
      'The zip archive holds data its directory does not list (a file hidden before or between its files), so readers may disagree on what it holds. Build or zip the CSV again and choose it again.',
    );
  if (listed.encrypted)
    return unreadable(
      'The zip archive is protected by a password. Zip the CSV file again without one and choose it again.',
    );
  if (listed.method !== 0 && listed.method !== 8)
    return unreadable(
      `The CSV in the zip is packed with a method the app does not read (${String(listed.method)}). Zip it again with the usual (deflate) compression and choose it again.`,
    );
  const packed = bytes.subarray(listed.dataOffset, listed.dataOffset + listed.packedBytes);
  const inflated =
    listed.method === 0
      ? ({ ok: true, bytes: packed.slice() } as const)
      : inflate(packed, listed.unpackedBytes);
  if (inflated.ok) {
    // What the service's reader checks too: one flipped byte would otherwise go out as another ID.
    if (crc32(inflated.bytes) === listed.crc32) return inflated;
    return unreadable(
      'The zip archive is damaged: its CSV does not match its checksum (CRC-32). Build or copy the file again, then choose it again.',
    );
  }
  return unreadable(
    inflated.reason === 'size'
      ? 'The zip archive is damaged: its CSV does not unpack to the size it declares.'
      : 'The zip archive is damaged or incomplete.',
  );
}

/** Why the zip directory refused the archive, in a response file's terms, with what to do. */
function refusalText(refusal: ZipRefusal, problem: ReadProblem, limits: Limits): string {
  const found = problem.found ?? 0;
  switch (refusal) {
    case 'entries':
      return (
        `The zip holds ${formatCount(found)} entries (folders count too); the app reads at most ` +
        `${formatCount(limits.maxZipEntries)}, and a response-file zip holds one CSV file. ` +
        'Zip only the CSV file and choose it again.'
      );
    case 'unpacked':
      return (
        `The zip would unpack to ${formatBytes(found)}; a response file may hold at most ` +
        `${formatBytes(maxResponseBytes)}. Split the outcomes into smaller files.`
      );
    case 'ratio':
      return (
        `An entry of the zip would unpack to ${formatCount(found)} times its packed size (the ` +
        `limit is ${formatCount(limits.maxCompressionRatio)}): an archive like this is made to ` +
        'exhaust memory, so it was not opened. Zip the CSV file again and choose it again.'
      );
    case 'damaged':
      return 'The zip archive is damaged or incomplete. Build or copy the file again, then choose it again.';
  }
}

function isMacCompanion(name: string): boolean {
  return name.startsWith('__MACOSX/') || (name.split('/').pop() ?? '').startsWith('._');
}

function unreadable(message: string): { ok: false; problem: FileProblem } {
  return { ok: false, problem: { code: 'unreadable', line: 0, message } };
}
