import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readStreamWithin } from './read-within';

const tooLarge = (bytes: number | null) =>
  bytes === null ? 'over the limit' : `too large: ${String(bytes)} bytes`;

describe('readStreamWithin (dcdesk bulk -)', () => {
  it('reads a stream whole when it is within the limit', async () => {
    const read = await readStreamWithin(
      Readable.from([Buffer.from('ab'), Buffer.from('cd')]),
      4,
      tooLarge,
    );
    expect(read).toEqual({ ok: true, bytes: Buffer.from('abcd') });
  });

  it('refuses it at the first chunk past the limit, without reading on', async () => {
    let pulled = 0;
    const endless = new Readable({
      read() {
        pulled += 1;
        this.push(Buffer.alloc(1024));
      },
    });
    const read = await readStreamWithin(endless, 4096, tooLarge);
    // Only the bytes read so far are known: the message must not give them as the size.
    expect(read).toEqual({ ok: false, message: 'over the limit' });
    expect(pulled).toBeLessThan(10);
  });
});
