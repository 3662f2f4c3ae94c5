/**
 * Reads answer bodies with a byte limit. `response.text()` holds the whole body in memory before
 * anything can look at its size: a 2 GB answer grew the process past 4 GB and then failed as
 * "connection error ERR_STRING_TOO_LONG". Here reading stops, and the connection is dropped, as
 * soon as the limit is passed.
 */
import type { FetchResponse } from './fetch-types';

/** Larger than any answer the interface describes by three orders of magnitude. */
export const maxAnswerBytes = 1024 * 1024;

/** Error bodies carry a few messages; a larger one is not read. */
export const maxErrorBodyBytes = 64 * 1024;

/** How much of an answer's text is kept for the detail view when it did not follow the interface. */
export const rawCopyChars = 4096;

/**
 * Why an answer's text is not what the service sent: its bytes are not UTF-8 (`byte`: the 1-based
 * position where they stop being, or `end` when the last character is cut), or it declares another
 * character set. The interface answers `application/json; charset=utf-8`, and JSON between
 * systems is UTF-8 (RFC 8259, 8.1): read as UTF-8 regardless, such an answer gave device IDs
 * holding U+FFFD in place of bytes the service sent.
 */
export type NotUtf8 = { byte: number | 'end' } | { charset: string };

export type BodyText =
  | {
      ok: true;
      /** The text; when `notUtf8` is set, decoded as UTF-8 anyway (U+FFFD for bad bytes), to show. */
      text: string;
      notUtf8?: NotUtf8;
    }
  | { ok: false; limitBytes: number };

/**
 * The body as UTF-8 text (with `notUtf8` when it is not UTF-8), or `ok: false` when it is (or
 * says it is) larger than `limitBytes`; then the rest is never read: the stream is cancelled,
 * which closes the connection.
 */
export async function readBodyText(response: FetchResponse, limitBytes: number): Promise<BodyText> {
  const declared = Number(response.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > limitBytes) {
    await response.body?.cancel().catch(() => undefined);
    return { ok: false, limitBytes };
  }
  if (!response.body) return { ok: true, text: '' };
  const reader = response.body.getReader();
  const pieces: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (value === undefined) continue;
    size += value.byteLength;
    if (size > limitBytes) {
      await reader.cancel().catch(() => undefined);
      return { ok: false, limitBytes };
    }
    pieces.push(value);
  }
  return decoded(joined(pieces, size), charsetOf(response.headers.get('content-type')));
}

function joined(pieces: Uint8Array[], size: number): Uint8Array {
  if (pieces.length === 1 && pieces[0]) return pieces[0];
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const piece of pieces) {
    bytes.set(piece, at);
    at += piece.byteLength;
  }
  return bytes;
}

function decoded(bytes: Uint8Array, charset: string | null): BodyText {
  const loose = () => new TextDecoder().decode(bytes);
  if (charset !== null && charset !== 'utf-8' && charset !== 'utf8')
    return { ok: true, text: loose(), notUtf8: { charset } };
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { ok: true, text: loose(), notUtf8: { byte: firstBadByte(bytes) } };
  }
}

/** The `charset` parameter of a Content-Type, lower-cased and unquoted; null when none is said. */
export function charsetOf(contentType: string | null): string | null {
  const match = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');
  if (!match) return null;
  return (match[1] ?? match[2] ?? '').trim().toLowerCase();
}

/** Where bytes the decoder refused stop being UTF-8 (only on that path: it decodes byte by byte). */
function firstBadByte(bytes: Uint8Array): number | 'end' {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (let at = 0; at < bytes.length; at += 1) {
    try {
      decoder.decode(bytes.subarray(at, at + 1), { stream: true });
    } catch {
      return at + 1;
    }
  }
  return 'end';
}

/** A size for messages: "1 MB", "64 KB" (binary units, as the limits are set). */
export function limitText(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${String(Math.round(bytes / (1024 * 1024)))} MB`
    : `${String(Math.round(bytes / 1024))} KB`;
}

/** The start of a text, marked when cut, for keeping beside a refused answer. */
export function capped(text: string, chars = rawCopyChars): string {
  return text.length > chars
    ? `${text.slice(0, chars)}… (${String(text.length)} characters in all)`
    : text;
}
