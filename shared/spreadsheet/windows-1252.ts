/** Windows-1252, decoded by table. */

/**
 * Bytes 0x80–0x9F of Windows-1252 (€, ‚, ƒ, „, …, “, ”, –, —, ™, …); the five it leaves undefined
 * map to the same C1 code point, as the WHATWG Encoding Standard says.
 */
const highTable = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152,
  0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122,
  0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

/**
 * Windows-1252 by table. `new TextDecoder('windows-1252')` is not used: Node 20 decodes that label
 * as ISO-8859-1, turning `€ “ ” –` into invisible control characters, while browsers get it right.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  const chunk = 8192;
  for (let start = 0; start < bytes.length; start += chunk) {
    const end = Math.min(start + chunk, bytes.length);
    const codes = new Array<number>(end - start);
    for (let index = start; index < end; index += 1) {
      const byte = bytes[index] ?? 0;
      codes[index - start] = byte >= 0x80 && byte <= 0x9f ? (highTable[byte - 0x80] ?? byte) : byte;
    }
    parts.push(String.fromCharCode(...codes));
  }
  return parts.join('');
}
