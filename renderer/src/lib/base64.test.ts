import { describe, expect, it } from 'vitest';
import { base64Bytes, bytesBase64 } from './base64';

describe('base64Bytes', () => {
  it('decodes binary content exactly', () => {
    expect([...base64Bytes('AP+AYQ==')]).toEqual([0, 255, 128, 97]);
    expect(new TextDecoder().decode(base64Bytes('ZXh0ZXJuYWxJRDsnPTE='))).toBe("externalID;'=1");
  });
});

describe('bytesBase64', () => {
  it('round-trips bytes larger than one chunk', () => {
    const bytes = Uint8Array.from({ length: 100_000 }, (_, index) => (index * 7) % 256);
    const back = base64Bytes(bytesBase64(bytes));
    expect(back).toEqual(bytes);
    expect(bytesBase64(new TextEncoder().encode('ID Transacional'))).toBe(btoa('ID Transacional'));
  });
});
