/**
 * How a server may write a value it echoes inside base64 or hex, which no escape reading undoes
 * (`escapes.ts`): a whole `Authorization: Bearer …` header, a login body or a request body
 * base64-encoded, a password in hex. The redactor looks for these forms of the secrets, the echo
 * mask for those of a customer's data.
 */

/**
 * The characters of the base64 of `bytes`, written after `lead` other bytes, that say nothing but
 * `bytes`: inside a longer encoded text a value lands at one of three alignments, and there its
 * first and last characters mix in its neighbours' bits, so they are left out (as is padding).
 */
export function base64Within(
  bytes: Uint8Array,
  lead: 0 | 1 | 2,
  alphabet: 'base64' | 'base64url',
): string {
  const written = Buffer.concat([Buffer.alloc(lead), bytes]).toString(alphabet);
  return written.slice(Math.ceil((lead * 8) / 6), Math.floor(((lead + bytes.length) * 8) / 6));
}

export interface EncodedForms {
  /**
   * Base64 and base64url: the value encoded alone (with its padding), and at each of the three
   * alignments inside a longer text; those shorter than `shortest` are left out, as a few base64
   * letters match ordinary words. Case matters in base64.
   */
  base64: string[];
  /** Hex, in lower case (a server may write it in either). */
  hex: string;
}

/** The forms `text`, as UTF-8, takes in base64 and in hex. */
export function encodedForms(text: string, shortest: number): EncodedForms {
  const bytes = Buffer.from(text, 'utf8');
  const base64 = new Set([bytes.toString('base64'), bytes.toString('base64url')]);
  for (const lead of [0, 1, 2] as const) {
    for (const alphabet of ['base64', 'base64url'] as const) {
      const within = base64Within(bytes, lead, alphabet);
      if (within.length >= shortest) base64.add(within);
    }
  }
  return { base64: [...base64], hex: bytes.toString('hex') };
}
