import { Transform, type TransformCallback } from 'node:stream';
import zlib from 'node:zlib';

/**
 * `Content-Encoding: deflate` as browsers read it: the zlib stream (RFC 1950) the standard names,
 * or the bare deflate stream (RFC 1951) some servers send instead. The first two bytes decide: a
 * zlib header names method 8 and is a multiple of 31 (RFC 1950, 2.2); a bare stream's first
 * bytes almost never are. A failure of the chosen inflater is this stream's failure, with its
 * zlib `errno`, so it is said as a compression the bytes do not have.
 */
export class DeflateDecoder extends Transform {
  private inner: Transform | null = null;
  private head = Buffer.alloc(0);

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.inner) {
      this.inner.write(chunk, () => done());
      return;
    }
    this.head = Buffer.concat([this.head, chunk]);
    if (this.head.length < 2) {
      done();
      return;
    }
    this.start(done);
  }

  override _flush(done: TransformCallback): void {
    if (!this.inner) {
      if (this.head.length === 0) return done();
      // A single byte is no stream of either kind: the raw inflater says so.
      this.start(() => undefined);
    }
    const inner = this.inner as unknown as Transform;
    inner.once('end', () => done());
    inner.end();
  }

  override _destroy(error: Error | null, done: (error: Error | null) => void): void {
    this.inner?.destroy();
    done(error);
  }

  /** Chooses the inflater from the bytes held so far, and gives it them. */
  private start(done: () => void): void {
    const [first = 0, second = 0] = this.head;
    const wrapped =
      this.head.length >= 2 && (first & 0x0f) === 8 && ((first << 8) | second) % 31 === 0;
    const inner = wrapped ? zlib.createInflate() : zlib.createInflateRaw();
    inner.on('data', (piece: Buffer) => this.push(piece));
    inner.on('error', (error) => this.destroy(error));
    this.inner = inner;
    inner.write(this.head, () => done());
  }
}
