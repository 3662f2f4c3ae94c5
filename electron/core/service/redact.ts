/**
 * Keeps secrets out of every text that leaves the service client. A server that echoes the
 * request (its Authorization header, the credentials it was sent) into an error message or an
 * answer would otherwise get the token or the password written into the history, the exports,
 * the screen and the terminal.
 */

import { encodedForms } from './encoded-forms';
import { mapStrings } from './map-strings';
import { readingsOf, replaceSpans, spanIn, type Reading } from './escapes';

/** What replaces a secret. */
export const redactedMark = '[redacted]';

/**
 * Shorter secrets are not searched for: a one-letter password would erase that letter from
 * every message, and text that short cannot be told apart from ordinary words anyway.
 */
export const minSecretChars = 4;

/**
 * A server may echo a secret in part (its first characters, a slice of a token): any run of this
 * many consecutive characters of a secret is hidden wherever it stands. Eight, because a shorter
 * run would hide ordinary short words (`senha`, `token`, `Bearer`) that a password shares, while
 * eight characters of a password or a token say enough of it to be worth hiding. A secret shorter
 * than this is hidden only whole.
 */
export const minEchoedRun = 8;

/**
 * An echoed `Authorization: Bearer …` header, whatever token it carries (one of an older run
 * too), up to the end of the token's alphabet (RFC 6750 b64token), so the JSON around it stays.
 * Searched in every reading of the text (`escapes.ts`), so `tok\/abc` and `Bearer+tok%2Fabc` are
 * found whole; the token is the second group, so `Bearer` and what separates it stay.
 */
const bearer = /\b(Bearer[\s+]+)([\w\-.~+/]+=*)/gi;
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
 * A form-encoded body writes a space as `+`, an HTML page may write it as `&nbsp;`: both are read
 * as a space, in the secret and in the text alike, so `a+b` in a form is found as `a b` and as
 * `a+b`. Hiding a little more than the secret in the rare text that differs only there is safe.
 */
function fold(text: string): string {
  return /[+\u00a0]/.test(text) ? text.replace(/[+\u00a0]/g, ' ') : text;
}

/**
 * The text in lower case, letter for letter: a server may echo a secret upper-cased or
 * lower-cased, so secrets are searched for in any case. A letter whose lower case is longer
 * (`İ`) is kept as it is, so every position still names the same character of the text.
 */
function foldCase(text: string): string {
  // eslint-disable-next-line no-control-regex
  if (/^[\u0000-\u007f]*$/.test(text)) return text.toLowerCase();
  return text.replace(/[\p{Lu}\p{Lt}]/gu, (letter) => {
    const lower = letter.toLowerCase();
    return lower.length === letter.length ? lower : letter;
  });
}

/** How a text is searched for secrets: spaces read alike (`fold`), letters in any case. */
function searchable(text: string): string {
  return foldCase(fold(text));
}

/**
 * Base64 says six bits a character and hex four, so their runs are longer, to say as much of a
 * secret as `minEchoedRun` characters of it (eight bytes, 64 bits): eleven characters of base64
 * (66 bits), sixteen of hex. Eight of base64 would hide text sharing six characters with a
 * secret; eight hex digits would hide pieces of the service's hex device IDs and GUIDs by chance.
 */
const base64Run = 11;
const hexRun = 16;
const encodedRunLengths = [base64Run, hexRun];

/**
 * The runs of a secret are found without reading a text one position at a time: every run of
 * `minEchoedRun` characters holds a whole piece of `pieceChars` starting at a multiple of
 * `pieceStep` (the step is the number of places a piece can start inside a run), so only the
 * pieces at those places are looked up, as a bit for their hash; the runs around a piece of a
 * secret are then checked as strings. A long answer costs a read of every other character.
 *
 * The encoded forms' longer runs hold a longer piece at the same places, looked up in a table of
 * their own: hex's sixteen digits have few different short pieces, and in one table with the
 * others they would set the bit of most pieces of the service's hex device IDs.
 */
const pieceChars = 3;
const pieceStep = minEchoedRun - pieceChars + 1;
const encodedPieceChars = base64Run - pieceStep + 1;
const pieceBitsCount = 1 << 20;

function pieceHash(text: string, from: number, chars: number): number {
  let hash = 0;
  for (let at = from; at < from + chars; at++) hash = Math.imul(hash, 31) + text.charCodeAt(at);
  return hash & (pieceBitsCount - 1);
}

/** A set of piece hashes, one bit each. */
function pieceTable() {
  const bits = new Uint32Array(pieceBitsCount / 32);
  return {
    add(form: string, chars: number) {
      for (let at = 0; at + chars <= form.length; at++) {
        const hash = pieceHash(form, at, chars);
        bits[hash >>> 5] = (bits[hash >>> 5] ?? 0) | (1 << (hash & 31));
      }
    },
    has: (hash: number) => ((bits[hash >>> 5] ?? 0) & (1 << (hash & 31))) !== 0,
  };
}

/** A way an echoed secret can be written, and how many of its characters in a row are hidden. */
interface Form {
  text: string;
  run: number;
}

/**
 * What an echoed secret can say once its escapes are read (`escapes.ts` reads JSON, percent and
 * HTML escapes, so those need no form here): the secret itself, in both Unicode normal forms (a
 * server may decompose `ç`), in base64 and base64url (alone, or inside a longer encoded text at
 * any of the three byte alignments, as written or as JSON writes it), in hex, as a server sending
 * Latin-1 or reading UTF-8 as Latin-1 garbles it, and a JWT's signature on its own (the part that
 * proves it). An encoded piece shorter than `minEchoedRun` is left out: a few base64 letters match
 * ordinary words.
 */
function formsOf(secret: string): Form[] {
  const texts = new Set([secret, secret.normalize('NFC'), secret.normalize('NFD')]);
  const forms: Form[] = [];
  const add = (text: string, run = minEchoedRun) => forms.push({ text, run });
  for (const written of texts) add(written);
  // Escapes inside an encoding are not read: the login body, JSON, is encoded as it was sent.
  for (const written of [...texts].map((text) => JSON.stringify(text).slice(1, -1)))
    texts.add(written);
  for (const written of texts) {
    const { base64, hex } = encodedForms(written, minEchoedRun);
    for (const text of base64) add(text, base64Run);
    add(hex, hexRun);
  }
  if (/[^\p{ASCII}]/u.test(secret)) {
    add(Buffer.from(secret, 'utf8').toString('latin1'));
    add(secret.replace(/[^\p{ASCII}]/gu, '\ufffd'));
  }
  const signature = secret.split('.')[2];
  if (secret.split('.').length === 3 && signature && signature.length >= 16) add(signature);
  return forms
    .map((form) => ({ ...form, text: searchable(form.text) }))
    .filter((form) => form.text.length >= minSecretChars);
}

/**
 * One redactor holds the secrets seen by the clients that share it; the composition root gives
 * one to every client of the process, so a token issued to one is hidden in the text of all.
 */
type Span = { from: number; to: number; value: null };

function span(reading: Reading, from: number, to: number): Span {
  const [first, last] = spanIn(reading, from, to);
  return { from: first, to: last, value: null };
}

export function createRedactor(): Redactor {
  /** Forms shorter than their run, searched for whole. */
  const shortForms = new Set<string>();
  /** Every run of `minEchoedRun` characters of the longer forms, and their pieces. */
  const runs = new Set<string>();
  const pieces = pieceTable();
  /** Every run of `base64Run` or `hexRun` characters of the longer encoded forms, and pieces. */
  const encodedRuns = new Set<string>();
  const encodedPieces = pieceTable();

  /** Where `searched` holds a run of a secret, as spans of `reading`. */
  function runSpans(reading: Reading, searched: string, spans: Span[]): void {
    const last = searched.length - minEchoedRun;
    const encoded = encodedRuns.size > 0;
    for (let piece = 0; piece + pieceChars <= searched.length; piece += pieceStep) {
      const first = Math.max(0, piece - pieceStep + 1);
      if (pieces.has(pieceHash(searched, piece, pieceChars)))
        for (let at = first; at <= Math.min(piece, last); at++)
          if (runs.has(searched.slice(at, at + minEchoedRun)))
            spans.push(span(reading, at, at + minEchoedRun));
      if (
        encoded &&
        piece + encodedPieceChars <= searched.length &&
        encodedPieces.has(pieceHash(searched, piece, encodedPieceChars))
      )
        for (let at = first; at <= piece; at++)
          for (const run of encodedRunLengths)
            if (encodedRuns.has(searched.slice(at, at + run)))
              spans.push(span(reading, at, at + run));
    }
  }
  let shortest = Infinity;

  /** Every span of `value` that writes a secret, a bearer token or a JWT, in any reading. */
  function secretSpans(value: string): Span[] {
    const spans: Span[] = [];
    for (const reading of readingsOf(value)) {
      const searched = searchable(reading.text);
      if (searched.length >= shortest) {
        for (const form of shortForms) {
          for (let at = searched.indexOf(form); at >= 0; at = searched.indexOf(form, at + 1))
            spans.push(span(reading, at, at + form.length));
        }
      }
      // Overlapping runs make one span (replaceSpans joins them): a whole secret echoed is one
      // mark, as are its first twelve characters.
      if (runs.size > 0 || encodedRuns.size > 0) runSpans(reading, searched, spans);
      if (reading.text.length < 10) continue;
      for (const found of reading.text.matchAll(bearer)) {
        const [, prefix = '', secret = ''] = found;
        const from = found.index + prefix.length;
        spans.push(span(reading, from, from + secret.length));
      }
      for (const found of reading.text.matchAll(jwt))
        spans.push(span(reading, found.index, found.index + found[0].length));
    }
    return spans;
  }

  function text(value: string): string {
    if (value.length < shortest && value.length < 10) return value;
    return replaceSpans(value, secretSpans(value), () => redactedMark);
  }

  const deep = <T>(value: T): T => mapStrings(value, text);

  return {
    remember(secret) {
      if (secret.length < minSecretChars) return;
      for (const { text: form, run } of formsOf(secret)) {
        if (form.length < run) {
          shortForms.add(form);
          shortest = Math.min(shortest, form.length);
          continue;
        }
        const into = run === minEchoedRun ? runs : encodedRuns;
        for (let at = 0; at + run <= form.length; at++) into.add(form.slice(at, at + run));
        if (run === minEchoedRun) pieces.add(form, pieceChars);
        else encodedPieces.add(form, encodedPieceChars);
        shortest = Math.min(shortest, minEchoedRun);
      }
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
