/** SHA-256 of a file's bytes as lower-case hex: kept with a batch to recognise the same file later. */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  // Copied into a fresh ArrayBuffer: digest refuses views over a SharedArrayBuffer.
  const digest = await crypto.subtle.digest('SHA-256', new Uint8Array(bytes));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
