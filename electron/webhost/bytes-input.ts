/**
 * A call whose one field of bytes is the request's body as it is (the rows a window sends, see
 * the renderer's lib/device-check.ts): the field's name in `X-DCDesk-Bytes`, the other fields as
 * URI-encoded JSON in `X-DCDesk-Input`. The window then neither wraps the bytes in JSON nor
 * encodes them again, which took 10 ms of its thread per 500 kB slice (issue 13).
 */
export const bytesFieldHeader = 'x-dcdesk-bytes';
export const bytesInputHeader = 'x-dcdesk-input';

/** The call's input, or null when the headers do not say one plainly (a plain name, an object). */
export function bytesInput(
  field: string,
  fields: string | undefined,
  body: Buffer,
): Record<string, unknown> | null {
  if (!/^[a-z][A-Za-z]{0,63}$/.test(field)) return null;
  let rest: unknown;
  try {
    rest = JSON.parse(decodeURIComponent(fields ?? '%7B%7D'));
  } catch {
    return null;
  }
  if (typeof rest !== 'object' || rest === null || Array.isArray(rest)) return null;
  return {
    ...(rest as Record<string, unknown>),
    [field]: new Uint8Array(body.buffer, body.byteOffset, body.byteLength),
  };
}
