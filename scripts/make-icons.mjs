// Draws the app icon and writes every format the installers use, with Node alone (no network, no
// image tools): resources/icon.png (1024), resources/icons/<n>x<n>.png (the Linux set, which
// electron-builder picks by the size in the name), resources/icon.ico (Windows: BMP entries up to
// 128 px and a PNG at 256) and resources/icon.icns (macOS, PNG entries). The drawing is deterministic, so running this again
// gives the same bytes: `node scripts/make-icons.mjs`.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

const out = 'resources';

// ---- the drawing: signed distances in a unit square, supersampled for smooth edges ----

const navyTop = [0x1f, 0x5a, 0x96];
const navyBottom = [0x12, 0x36, 0x5e];
const white = [0xff, 0xff, 0xff];
const green = [0x4a, 0xde, 0x80];

function roundedRect(x, y, cx, cy, halfWidth, halfHeight, radius) {
  const qx = Math.abs(x - cx) - (halfWidth - radius);
  const qy = Math.abs(y - cy) - (halfHeight - radius);
  const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0));
  return outside + Math.min(Math.max(qx, qy), 0) - radius;
}

function segment(x, y, [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - ax - t * dx, y - ay - t * dy);
}

const check = [
  [0.405, 0.535],
  [0.475, 0.605],
  [0.605, 0.445],
];

/** The colour at one point, or null where the icon is transparent. */
function colourAt(x, y) {
  // A phone with a check mark on its screen, on a rounded navy tile.
  if (roundedRect(x, y, 0.5, 0.5, 0.44, 0.44, 0.2) > 0) return null;
  const checkDistance = Math.min(
    segment(x, y, check[0], check[1]),
    segment(x, y, check[1], check[2]),
  );
  if (checkDistance < 0.032) return green;
  if (Math.abs(roundedRect(x, y, 0.5, 0.5, 0.19, 0.29, 0.06)) < 0.024) return white;
  if (segment(x, y, [0.465, 0.27], [0.535, 0.27]) < 0.012) return white;
  const t = (y - 0.06) / 0.88;
  return navyTop.map((top, i) => Math.round(top + (navyBottom[i] - top) * t));
}

/** RGBA pixels of the icon at `size`, each pixel the average of n×n samples. */
function render(size) {
  const n = size <= 64 ? 8 : 4;
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let covered = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const colour = colourAt((px + (sx + 0.5) / n) / size, (py + (sy + 0.5) / n) / size);
          if (!colour) continue;
          r += colour[0];
          g += colour[1];
          b += colour[2];
          covered++;
        }
      }
      const at = (py * size + px) * 4;
      if (covered === 0) continue;
      pixels[at] = Math.round(r / covered);
      pixels[at + 1] = Math.round(g / covered);
      pixels[at + 2] = Math.round(b / covered);
      pixels[at + 3] = Math.round((covered / (n * n)) * 255);
    }
  }
  return pixels;
}

// ---- PNG, ICO and ICNS containers ----

const crcTable = Array.from({ length: 256 }, (_, k) => {
  let c = k;
  for (let i = 0; i < 8; i++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

function png(size, pixels = render(size)) {
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    // Filter type 0 (none) on every row.
    pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits per channel, RGBA, deflate, no filter set, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A 32-bit BMP icon image (BITMAPINFOHEADER, bottom-up BGRA, then the 1-bit AND mask): the form
 * every reader of .ico files accepts, used below 256 px; the 256 px image is PNG, as Windows expects.
 */
function bmp(size, pixels = render(size)) {
  const header = Buffer.alloc(40);
  header.writeUInt32LE(40, 0);
  header.writeInt32LE(size, 4);
  header.writeInt32LE(size * 2, 8); // colour rows plus mask rows
  header.writeUInt16LE(1, 12);
  header.writeUInt16LE(32, 14);
  const colour = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const from = (y * size + x) * 4;
      const to = ((size - 1 - y) * size + x) * 4;
      colour[to] = pixels[from + 2];
      colour[to + 1] = pixels[from + 1];
      colour[to + 2] = pixels[from];
      colour[to + 3] = pixels[from + 3];
    }
  }
  // All zero: the alpha channel decides transparency.
  const mask = Buffer.alloc(Math.ceil(size / 32) * 4 * size);
  return Buffer.concat([header, colour, mask]);
}

/** Windows icon: a directory of images, each PNG or BMP. */
function ico(images) {
  const head = Buffer.alloc(6 + 16 * images.length);
  head.writeUInt16LE(0, 0);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(images.length, 4);
  let offset = head.length;
  images.forEach(({ size, data }, i) => {
    const at = 6 + 16 * i;
    head[at] = size >= 256 ? 0 : size; // 0 means 256
    head[at + 1] = size >= 256 ? 0 : size;
    head.writeUInt16LE(1, at + 4); // colour planes
    head.writeUInt16LE(32, at + 6); // bits per pixel
    head.writeUInt32LE(data.length, at + 8);
    head.writeUInt32LE(offset, at + 12);
    offset += data.length;
  });
  return Buffer.concat([head, ...images.map((image) => image.data)]);
}

/** macOS icon: typed entries, each holding a PNG (the types below all accept PNG data). */
function icns(entries) {
  const parts = entries.map(({ type, data }) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(data.length + 8, 4);
    return Buffer.concat([head, data]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(8 + parts.reduce((sum, part) => sum + part.length, 0), 4);
  return Buffer.concat([head, ...parts]);
}

const sizes = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
const pixels = new Map(sizes.map((size) => [size, render(size)]));
const pngs = new Map(sizes.map((size) => [size, png(size, pixels.get(size))]));
const at = (size) => pngs.get(size);

mkdirSync(path.join(out, 'icons'), { recursive: true });
writeFileSync(path.join(out, 'icon.png'), at(1024));
for (const size of [16, 24, 32, 48, 64, 128, 256, 512]) {
  writeFileSync(path.join(out, 'icons', `${size}x${size}.png`), at(size));
}
writeFileSync(
  path.join(out, 'icon.ico'),
  ico([
    ...[16, 24, 32, 48, 64, 128].map((size) => ({ size, data: bmp(size, pixels.get(size)) })),
    { size: 256, data: at(256) },
  ]),
);
writeFileSync(
  path.join(out, 'icon.icns'),
  icns([
    { type: 'icp4', data: at(16) },
    { type: 'icp5', data: at(32) },
    { type: 'icp6', data: at(64) },
    { type: 'ic07', data: at(128) },
    { type: 'ic08', data: at(256) },
    { type: 'ic09', data: at(512) },
    { type: 'ic10', data: at(1024) }, // 512@2x
    { type: 'ic11', data: at(32) }, // 16@2x
    { type: 'ic12', data: at(64) }, // 32@2x
    { type: 'ic13', data: at(256) }, // 128@2x
    { type: 'ic14', data: at(512) }, // 256@2x
  ]),
);
console.log(`Wrote the icon set to ${out}/: icon.png, icons/*.png, icon.ico, icon.icns.`);
