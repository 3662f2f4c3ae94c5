/**
 * A walk through a raw deflate stream (RFC 1951) that keeps no output, to prove that the stream
 * ends inside its packed bytes and unpacks to exactly its declared size.
 *
 * Why: SheetJS inflates xlsx parts with its own decoder, which never checks that it is still
 * inside the data. A damaged part that never reaches an end-of-block code (four garbled bytes are
 * enough) makes it loop forever, freezing the import worker or the command line. Walking every
 * deflated part here first costs a fraction of a real inflate (nothing is written) and turns such
 * a file into a "damaged" message. Every symbol consumes at least one bit and reading past the
 * data stops the walk, so the walk always ends.
 */

/** Thrown inside this module only, for a stream that is cut short or breaks the format. */
class Broken extends Error {}

/**
 * A Huffman code as a lookup table: `lookup[bits]`, indexed by the next `bits` of input (least
 * significant first, as deflate packs codes), holds `symbol << 4 | codeLength`, or 0 for a bit
 * pattern that no code starts with.
 */
interface Code {
  lookup: Int32Array;
  bits: number;
}

const lengthBase = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
  163, 195, 227, 258,
];
const lengthExtra = [
  0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
const distanceBase = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049,
  3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
const distanceExtra = [
  0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
];
/** The order in which a dynamic block lists the code lengths of its code-length alphabet. */
const codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

/**
 * The canonical code of a list of code lengths. An over-subscribed set is refused, and so is an
 * incomplete one unless it has a single code (which deflate allows), as zlib does: for any other
 * set, decoders may disagree about what the bits mean.
 */
function canonicalCode(lengths: ArrayLike<number>): Code {
  const counts = new Array<number>(16).fill(0);
  let bits = 1;
  for (let symbol = 0; symbol < lengths.length; symbol += 1) {
    const length = lengths[symbol] ?? 0;
    counts[length] = (counts[length] ?? 0) + 1;
    bits = Math.max(bits, length);
  }
  let left = 1;
  let used = 0;
  const next = new Array<number>(16).fill(0);
  for (let length = 1; length < 16; length += 1) {
    const count = counts[length] ?? 0;
    left = left * 2 - count;
    used += count;
    if (left < 0) throw new Broken('an over-subscribed code');
    if (length < 15) next[length + 1] = ((next[length] ?? 0) + count) * 2;
  }
  if (left > 0 && used > 1) throw new Broken('an incomplete code');
  const lookup = new Int32Array(1 << bits);
  for (let symbol = 0; symbol < lengths.length; symbol += 1) {
    const length = lengths[symbol] ?? 0;
    if (length === 0) continue;
    const code = next[length] ?? 0;
    next[length] = code + 1;
    let reversed = 0;
    for (let bit = 0; bit < length; bit += 1)
      reversed |= ((code >>> bit) & 1) << (length - 1 - bit);
    const entry = (symbol << 4) | length;
    for (let index = reversed; index < lookup.length; index += 1 << length) lookup[index] = entry;
  }
  return { lookup, bits };
}

const fixedLiterals = canonicalCode(
  Array.from({ length: 288 }, (_, n) => (n < 144 ? 8 : n < 256 ? 9 : n < 280 ? 7 : 8)),
);
// 32 codes, though codes 30 and 31 never occur in valid data (RFC 1951, 3.2.6).
const fixedDistances = canonicalCode(new Array<number>(32).fill(5));

/** Bits of `data`, least significant first; reading past its end throws `Broken`. */
class BitReader {
  private at = 0;
  private held = 0;
  private count = 0;

  constructor(private readonly data: Uint8Array) {}

  /** Makes at least `count` (≤ 24) bits available; past the end, zeros (checked on use). */
  private fill(count: number): void {
    while (this.count < count) {
      this.held |= (this.data[this.at] ?? 0) << this.count;
      this.at += 1;
      this.count += 8;
    }
  }

  private drop(count: number): void {
    this.held >>>= count;
    this.count -= count;
    if (this.at * 8 - this.count > this.data.length * 8) {
      throw new Broken('the data ends inside the stream');
    }
  }

  bits(count: number): number {
    if (count === 0) return 0;
    this.fill(count);
    const value = this.held & ((1 << count) - 1);
    this.drop(count);
    return value;
  }

  symbol(code: Code): number {
    this.fill(code.bits);
    const entry = code.lookup[this.held & ((1 << code.bits) - 1)] ?? 0;
    if (entry === 0) throw new Broken('a code matches no symbol');
    this.drop(entry & 15);
    return entry >>> 4;
  }

  /** Skips to the next byte boundary, then reads a little-endian 16-bit number. */
  alignedUint16(): number {
    this.drop(this.count & 7);
    return this.bits(16);
  }

  /** Skips `bytes` whole bytes (after `alignedUint16`, the reader is on a byte boundary). */
  skipBytes(bytes: number): void {
    const position = this.at - this.count / 8;
    if (position + bytes > this.data.length) throw new Broken('a stored block runs past the data');
    this.at = position + bytes;
    this.held = 0;
    this.count = 0;
  }
}

function dynamicCodes(reader: BitReader): { literals: Code; distances: Code } {
  const literalCount = reader.bits(5) + 257;
  const distanceCount = reader.bits(5) + 1;
  const lengthCount = reader.bits(4) + 4;
  if (literalCount > 286 || distanceCount > 30) throw new Broken('too many codes');
  const lengthLengths = new Array<number>(19).fill(0);
  for (let index = 0; index < lengthCount; index += 1) {
    lengthLengths[codeLengthOrder[index] ?? 0] = reader.bits(3);
  }
  const lengthCode = canonicalCode(lengthLengths);
  const lengths: number[] = [];
  while (lengths.length < literalCount + distanceCount) {
    const symbol = reader.symbol(lengthCode);
    if (symbol < 16) {
      lengths.push(symbol);
      continue;
    }
    let value = 0;
    let repeat: number;
    if (symbol === 16) {
      if (lengths.length === 0) throw new Broken('a repeat with nothing before it');
      value = lengths[lengths.length - 1] ?? 0;
      repeat = 3 + reader.bits(2);
    } else {
      repeat = symbol === 17 ? 3 + reader.bits(3) : 11 + reader.bits(7);
    }
    if (lengths.length + repeat > literalCount + distanceCount)
      throw new Broken('too many lengths');
    for (let index = 0; index < repeat; index += 1) lengths.push(value);
  }
  if ((lengths[256] ?? 0) === 0) throw new Broken('no end-of-block code');
  return {
    literals: canonicalCode(lengths.slice(0, literalCount)),
    distances: canonicalCode(lengths.slice(literalCount)),
  };
}

/** Walks the stream; returns how many bytes it unpacks to, stopping once past `limit`. */
function walk(reader: BitReader, limit: number): number {
  let written = 0;
  for (let last = 0; last === 0 && written <= limit;) {
    last = reader.bits(1);
    const type = reader.bits(2);
    if (type === 0) {
      const length = reader.alignedUint16();
      if ((length ^ 0xffff) !== reader.bits(16)) throw new Broken('a stored length mismatch');
      reader.skipBytes(length);
      written += length;
      continue;
    }
    if (type === 3) throw new Broken('a reserved block type');
    const { literals, distances } =
      type === 1 ? { literals: fixedLiterals, distances: fixedDistances } : dynamicCodes(reader);
    for (let symbol = reader.symbol(literals); symbol !== 256; symbol = reader.symbol(literals)) {
      if (symbol < 256) {
        written += 1;
        continue;
      }
      const index = symbol - 257;
      if (index >= 29) throw new Broken('an invalid length code');
      const length = (lengthBase[index] ?? 0) + reader.bits(lengthExtra[index] ?? 0);
      const code = reader.symbol(distances);
      if (code >= 30) throw new Broken('an invalid distance code');
      const distance = (distanceBase[code] ?? 0) + reader.bits(distanceExtra[code] ?? 0);
      if (distance > written) throw new Broken('a distance before the start');
      written += length;
      if (written > limit) return written;
    }
  }
  return written;
}

/**
 * Whether `data` is a raw deflate stream that ends (a final block, within `data`) after unpacking
 * to exactly `unpackedBytes`. Stops as soon as the output would exceed that size.
 */
export function deflateEnds(data: Uint8Array, unpackedBytes: number): boolean {
  try {
    return walk(new BitReader(data), unpackedBytes) === unpackedBytes;
  } catch (error) {
    if (error instanceof Broken) return false;
    throw error;
  }
}
