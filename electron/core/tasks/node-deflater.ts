import { once } from 'node:events';
import { crc32, createDeflateRaw } from 'node:zlib';
import type { Deflater } from '../../../shared/outcomes/zip-one';

/**
 * Node's zlib (level 6) for a response file's zip, as the core and `dcdesk` build it: it deflates
 * on libuv's pool while the next rows are written, 47 MB in about 1 s where fflate took 2 s on
 * the thread itself. Output pieces of 4 MiB, so a piece of CSV is deflated in one go on the pool
 * (at 16 KiB, the default, every piece went back and forth to a busy thread a few hundred times).
 */
export const nodeDeflater: Deflater = () => {
  const deflate = createDeflateRaw({ level: 6, chunkSize: 4 * 1024 * 1024 });
  const packed: Buffer[] = [];
  deflate.on('data', (piece: Buffer) => packed.push(piece));
  const ended = once(deflate, 'end');
  // A build that fails before `end` leaves the stream to the collector, its failure to nobody.
  ended.catch(() => undefined);
  let crc = 0;
  return {
    push(piece) {
      crc = crc32(piece, crc);
      deflate.write(piece);
    },
    async end() {
      deflate.end();
      await ended;
      return { packed: Buffer.concat(packed), crc32: crc };
    },
  };
};
