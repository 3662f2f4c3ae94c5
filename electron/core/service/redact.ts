/**
 * Keeps secrets out of every text that leaves the service client. A server that echoes the
 * request (its Authorization header, the credentials it was sent) into an error message or an
 * answer would otherwise get the token or the password written into the history, the exports,
 * the screen and the terminal.
 */

/** What replaces a secret. */
export const redactedMark = '[redacted]';

/**
 * Shorter secrets are not searched for: a one-letter password would erase that letter from
 * every message, and text that short cannot be told apart from ordinary words anyway.
 */
export const minSecretChars = 4;

/**
 * An echoed `Authorization: Bearer …` header, whatever token it carries (one of an older run
 * too), up to the end of the token's alphabet (RFC 6750 b64token), so the JSON around it stays.
 */
const bearer = /\bBearer\s+[\w\-.~+/]+=*/gi;
/** Anything shaped like a JWT (header.payload.signature, base64url): the service's answers hold none. */
const jwt = /\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]{8,}/g;

export interface Redactor {
  /** Remembers a secret (the password, each token issued) for every later call. */
  remember(secret: string): void;
  /** The text with every remembered secret, every bearer header and every JWT replaced. */
  text(value: string): string;
  /** A copy of plain data (JSON-like) with every string passed through `text`. */
  deep<T>(value: T): T;
}

/**
 * The ways an echoed secret can be written: as is, escaped inside a JSON string, URL-encoded,
 * in base64, and a JWT's signature on its own (the part that proves it).
 */
function formsOf(secret: string): string[] {
  const forms = new Set([
    secret,
    JSON.stringify(secret).slice(1, -1),
    encodeURIComponent(secret),
    Buffer.from(secret, 'utf8').toString('base64'),
  ]);
  const signature = secret.split('.')[2];
  if (secret.split('.').length === 3 && signature && signature.length >= 16) forms.add(signature);
  return [...forms].filter((form) => form.length >= minSecretChars);
}

/** A copy of plain data (JSON-like) with every string passed through `text`. */
export function mapStrings<T>(value: T, text: (value: string) => string): T {
  if (typeof value === 'string') return text(value) as T;
  if (Array.isArray(value)) return value.map((element: unknown) => mapStrings(element, text)) as T;
  if (typeof value === 'object' && value !== null) {
    const copy: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) {
      // defineProperty, not assignment: a `__proto__` key from a server stays a plain key.
      Object.defineProperty(copy, key, {
        value: mapStrings(field, text),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return copy as T;
  }
  return value;
}

/**
 * One redactor holds the secrets seen by the clients that share it; the composition root gives
 * one to every client of the process, so a token issued to one is hidden in the text of all.
 */
export function createRedactor(): Redactor {
  const forms = new Set<string>();
  /** Longest first, so a secret holding another is replaced whole. */
  let ordered: string[] = [];
  let shortest = Infinity;

  function text(value: string): string {
    let result = value;
    if (result.length >= shortest) {
      for (const form of ordered) {
        if (result.includes(form)) result = result.split(form).join(redactedMark);
      }
    }
    if (result.length >= 10)
      result = result.replace(bearer, `Bearer ${redactedMark}`).replace(jwt, redactedMark);
    return result;
  }

  const deep = <T>(value: T): T => mapStrings(value, text);

  return {
    remember(secret) {
      if (secret.length < minSecretChars) return;
      for (const form of formsOf(secret)) forms.add(form);
      ordered = [...forms].sort((a, b) => b.length - a.length);
      shortest = ordered.at(-1)?.length ?? Infinity;
    },
    text,
    deep,
  };
}

/**
 * Whether a JSON answer's text can hold nothing that `redactor` or `echo` would hide in its
 * strings, so its parsed data can be kept as it is. Without a backslash, every string of the JSON
 * appears in the text as it is, so what is not in the text is in none of them; `@` is left to
 * the copies, which mask any e-mail address.
 */
export function nothingToHide(
  text: string,
  redactor: Redactor,
  echo: (text: string) => string,
): boolean {
  return (
    !text.includes('\\') &&
    !text.includes('@') &&
    redactor.text(text) === text &&
    echo(text) === text
  );
}
