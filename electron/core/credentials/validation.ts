import type { Credentials } from '../service/client';

/** Longer than any real password; keeps a pasted document out of the keychain and the request. */
export const maxPasswordLength = 1024;
export const maxUsernameLength = 256;

function isControl(character: string): boolean {
  const code = character.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
}

/**
 * Checks credentials before they are saved and returns them tidied (the user name trimmed: pasted
 * names often carry a space; the password is kept exactly as typed). Returns an English sentence
 * describing the problem instead; the sentence never repeats the password.
 */
export function checkCredentials(input: Credentials): Credentials | string {
  const username = typeof input.username === 'string' ? input.username.trim() : '';
  const password = typeof input.password === 'string' ? input.password : '';
  if (username === '') return 'The user name is empty.';
  if (username.length > maxUsernameLength)
    return `The user name is longer than ${maxUsernameLength} characters.`;
  if (Array.from(username).some(isControl))
    return 'The user name contains a control character (such as a line break).';
  if (password === '') return 'The password is empty.';
  if (password.length > maxPasswordLength)
    return `The password is longer than ${maxPasswordLength} characters.`;
  return { username, password };
}

/**
 * Reads a secret saved by `serializeCredentials`. Returns null when it is not in that format (an
 * older version, another program, or a damaged entry), so the caller reports it instead of
 * sending something wrong to the service.
 */
export function parseCredentials(text: string): Credentials | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { username, password } = value as Record<string, unknown>;
  if (typeof username !== 'string' || typeof password !== 'string') return null;
  const checked = checkCredentials({ username, password });
  return typeof checked === 'string' ? null : checked;
}

/** The keychain secret: both parts together, so the entry is written and read atomically. */
export function serializeCredentials(credentials: Credentials): string {
  return JSON.stringify({ username: credentials.username, password: credentials.password });
}
