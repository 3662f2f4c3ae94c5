/**
 * Looking for secrets where they must never be: every byte of a folder, every part of an xlsx,
 * every text the app printed or sent. Used by the secrets audit (integration and end-to-end).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { TokenStore } from '../../electron/sandbox/tokens';

/** A place that was searched: a name for the report and its bytes. */
export interface Haystack {
  name: string;
  bytes: Buffer;
}

/**
 * The ways a secret may be written down: as UTF-8 (SQLite's encoding, JSON, CSV; as it is, and
 * in lower and upper case, as a server may echo it), as UTF-16
 * (Windows text, a UTF-16 SQLite database) and as base64 (an Authorization header, a file
 * carried in JSON). A JWT is also looked for by its signature alone, the part that proves it.
 */
export function secretForms(secret: string): Buffer[] {
  const forms = [
    Buffer.from(secret, 'utf8'),
    // A server may echo it in another letter case; the redaction hides those too.
    ...[secret.toLowerCase(), secret.toUpperCase()]
      .filter((form) => form !== secret)
      .map((form) => Buffer.from(form, 'utf8')),
    Buffer.from(secret, 'utf16le'),
    Buffer.from(Buffer.from(secret, 'utf8').toString('base64')),
  ];
  const parts = secret.split('.');
  if (parts.length === 3 && (parts[2]?.length ?? 0) >= 16) forms.push(Buffer.from(parts[2]!));
  return forms;
}

/**
 * Every run of base64 or hex characters of `text` decoded, from each place it may start: what a
 * reader could decode of an encoded echo, whatever the redaction left of it.
 */
export function decodedRuns(text: string): string[] {
  const decoded: string[] = [];
  for (const [run] of text.matchAll(/[A-Za-z0-9+/_-]{4,}/g)) {
    const base64 = run.replace(/-/g, '+').replace(/_/g, '/');
    for (let from = 0; from < 4; from++)
      decoded.push(Buffer.from(base64.slice(from), 'base64').toString('latin1'));
  }
  for (const [run] of text.matchAll(/[0-9a-fA-F]{4,}/g))
    for (let from = 0; from < 2; from++)
      decoded.push(Buffer.from(run.slice(from), 'hex').toString('latin1'));
  return decoded;
}

/** Whether a text (decoded, so read byte for byte) holds four bytes in a row of any secret. */
export const holdsPieceOf =
  (...secrets: string[]) =>
  (decoded: string): boolean =>
    secrets.some((secret) => {
      const bytes = Buffer.from(secret).toString('latin1');
      for (let at = 0; at + 4 <= bytes.length; at++)
        if (decoded.includes(bytes.slice(at, at + 4))) return true;
      return false;
    });

/** How many times `needle` occurs in `haystack`, overlapping occurrences included. */
export function occurrences(haystack: Buffer, needle: Buffer): number {
  if (needle.length === 0) return 0;
  let count = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
    count += 1;
  }
  return count;
}

/** Occurrences of every form of every secret in every haystack, by haystack name. */
export function findSecrets(haystacks: Haystack[], secrets: string[]): Record<string, number> {
  const found: Record<string, number> = {};
  for (const haystack of haystacks) {
    let count = 0;
    for (const secret of secrets) {
      for (const form of secretForms(secret)) count += occurrences(haystack.bytes, form);
    }
    found[haystack.name] = count;
  }
  return found;
}

/** Every file under `dir`, recursively, with its bytes as they are on disk now. */
export function folderFiles(dir: string): Haystack[] {
  const files: Haystack[] = [];
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) files.push(...folderFiles(file));
    else files.push({ name: path.relative(dir, file) || entry, bytes: readFileSync(file) });
  }
  return files;
}

/**
 * A file as searchable bytes: itself, and for a zip (xlsx) every part unpacked too, since
 * compressed bytes hide what they hold.
 */
export async function fileHaystacks(name: string, bytes: Buffer): Promise<Haystack[]> {
  const found: Haystack[] = [{ name, bytes }];
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    const zip = await JSZip.loadAsync(bytes);
    for (const part of Object.values(zip.files)) {
      if (part.dir) continue;
      found.push({ name: `${name}:${part.name}`, bytes: await part.async('nodebuffer') });
    }
  }
  return found;
}

/**
 * Records every token the sandboxes in this process issue, learned on the sandbox side (its token
 * store), so the audit knows them without trusting the client. `stop()` restores the store.
 */
export function recordIssuedTokens(): { tokens: string[]; stop: () => void } {
  const tokens: string[] = [];
  const original = Object.getOwnPropertyDescriptor(TokenStore.prototype, 'issue')!;
  const issue = original.value as TokenStore['issue'];
  Object.defineProperty(TokenStore.prototype, 'issue', {
    ...original,
    value: function (this: TokenStore, ...args: Parameters<TokenStore['issue']>) {
      const issued = issue.apply(this, args);
      tokens.push(issued.token);
      return issued;
    },
  });
  return {
    tokens,
    stop: () => Object.defineProperty(TokenStore.prototype, 'issue', original),
  };
}
