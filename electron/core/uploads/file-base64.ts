import { fail, ok, type Result } from '../../../shared/result';
import type { UploadFileInput } from './upload-guard';

const base64Text = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The bytes of a file that crossed as base64 (a file chosen from disk: 20 MB are 27 MB of text,
 * a tenth of a second and more to check and decode). `Buffer.from` alone would skip stray
 * characters, so the text is checked first; whitespace (line breaks) is allowed.
 */
export function fileFromBase64(fileName: string, base64: string): Result<UploadFileInput> {
  const text = /\s/.test(base64) ? base64.replace(/\s+/g, '') : base64;
  if (text.length % 4 !== 0 || !base64Text.test(text))
    return fail('validation', `The contents of ${fileName} are not valid base64.`);
  // A copy of its own: a small Buffer is a view of a shared pool, all of which a message would copy.
  return ok({ fileName, bytes: new Uint8Array(Buffer.from(text, 'base64')) });
}
