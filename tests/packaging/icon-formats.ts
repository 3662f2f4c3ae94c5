/** Just enough of the PNG, ICO and ICNS formats to check the icons in resources/. */

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** [width, height] of a PNG, from its IHDR chunk; throws when the bytes are not a PNG. */
export function pngSize(bytes: Buffer): [number, number] {
  if (!bytes.subarray(0, 8).equals(pngSignature) || bytes.toString('ascii', 12, 16) !== 'IHDR')
    throw new Error('not a PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

/** [width, height] of an .ico image: a PNG, or a BMP whose header counts the mask rows too. */
function icoImageSize(image: Buffer): [number, number] {
  if (image.subarray(0, 8).equals(pngSignature)) return pngSize(image);
  if (image.readUInt32LE(0) !== 40 || image.readUInt16LE(14) !== 32)
    throw new Error('not a 32-bit BMP');
  const width = image.readInt32LE(4);
  const expected = 40 + width * width * 4 + Math.ceil(width / 32) * 4 * width;
  if (image.length !== expected) throw new Error('truncated BMP');
  return [width, image.readInt32LE(8) / 2];
}

/** The sizes of an .ico's images, each checked to be an image of the size its entry claims. */
export function icoSizes(bytes: Buffer): number[] {
  if (bytes.readUInt16LE(0) !== 0 || bytes.readUInt16LE(2) !== 1) throw new Error('not an ICO');
  const count = bytes.readUInt16LE(4);
  return Array.from({ length: count }, (_, i) => {
    const entry = 6 + 16 * i;
    const size = bytes[entry] === 0 ? 256 : bytes[entry]!;
    const length = bytes.readUInt32LE(entry + 8);
    const offset = bytes.readUInt32LE(entry + 12);
    const [width, height] = icoImageSize(bytes.subarray(offset, offset + length));
    if (width !== size || height !== size)
      throw new Error(`ICO entry ${String(i)} is not ${String(size)}px`);
    return size;
  });
}

/** The entry types of an .icns whose declared lengths add up to the file. */
export function icnsTypes(bytes: Buffer): string[] {
  if (bytes.toString('ascii', 0, 4) !== 'icns' || bytes.readUInt32BE(4) !== bytes.length)
    throw new Error('not an ICNS');
  const types: string[] = [];
  for (let at = 8; at < bytes.length; at += bytes.readUInt32BE(at + 4)) {
    types.push(bytes.toString('ascii', at, at + 4));
    pngSize(bytes.subarray(at + 8, at + bytes.readUInt32BE(at + 4)));
  }
  return types;
}
