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

export type BodyText = { ok: true; text: string } | { ok: false; limitBytes: number };

/**
 * The body as UTF-8 text, or `ok: false` when it is (or says it is) larger than `limitBytes`;
 * then the rest is never read: the stream is cancelled, which closes the connection.
 */
export async function readBodyText(response: FetchResponse, limitBytes: number): Promise<BodyText> {
  const declared = Number(response.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > limitBytes) {
    await response.body?.cancel().catch(() => undefined);
    return { ok: false, limitBytes };
  }
  if (!response.body) return { ok: true, text: '' };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
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
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return { ok: true, text: parts.join('') };
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
