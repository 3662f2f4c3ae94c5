import { createHmac, randomBytes } from 'node:crypto';

/**
 * Tells who a token was obtained for without keeping the password: an HMAC-SHA-256 of the user
 * name and password under a key drawn once per process, kept in memory only. The key makes the
 * digest useless outside this process (no guessing passwords against it), and a new process
 * starts with no token to compare anyway.
 */
export function createSignerDigest(): (credentials: {
  username: string;
  password: string;
}) => string {
  const key = randomBytes(32);
  return ({ username, password }) =>
    // JSON keeps the pair apart: "ab" + "c" and "a" + "bc" give different digests.
    createHmac('sha256', key)
      .update(JSON.stringify([username, password]))
      .digest('hex');
}
