/**
 * How a server may write a value it echoes inside base64 or hex, which no escape reading undoes
 * (`escapes.ts`): a whole `Authorization: Bearer …` header, a login body or a request body
 * base64-encoded, a password in hex. The redactor looks for these forms of the secrets, the echo
 * mask for those of a customer's data, which it builds for every lookup: so they are written
 * with `btoa` on the value's bytes, which costs a tenth of a `Buffer` round trip.
 */

/** The value's UTF-8 bytes, one character each, as `btoa` reads them. */
function bytesOf(text: string): string {
  // eslint-disable-next-line no-control-regex
  return /^[\u0000-\u007f]*$/.test(text) ? text : Buffer.from(text, 'utf8').toString('latin1');
}

const toUrl = (base64: string) =>
  /[+/=]/.test(base64) ? base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') : base64;

/**
 * The characters of the base64 of `bytes` (one byte a character), written after `lead` other
 * bytes, that say nothing but `bytes`: inside a longer encoded text a value lands at one of three
 * alignments, and there its first and last characters mix in its neighbours' bits, so they are
 * left out (as is padding).
 */
export function base64Within(bytes: string, lead: 0 | 1 | 2): string {
  const written = btoa('\0'.repeat(lead) + bytes);
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

const hexBytes = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** The forms `text`, as UTF-8, takes in base64 and in hex. */
export function encodedForms(text: string, shortest: number): EncodedForms {
  const bytes = bytesOf(text);
  const alone = btoa(bytes);
  const base64 = new Set([alone, toUrl(alone)]);
  for (const lead of [0, 1, 2] as const) {
    const within = base64Within(bytes, lead);
    if (within.length < shortest) continue;
    base64.add(within);
    base64.add(toUrl(within));
  }
  let hex = '';
  for (let at = 0; at < bytes.length; at += 1) hex += hexBytes[bytes.charCodeAt(at)] ?? '';
  return { base64: [...base64], hex };
}

/**
 * Whether a text may hold a number's digits (eight or more) in base64 or hex, whatever the
 * alignment: base64 writes every three ASCII digits as `[MNO][DTjz][AEIMQUYcgk][w-z0-5]`, and
 * eight digits hold two such groups wherever they start; hex writes a digit as `3` and itself.
 * Tested once per text, so a number's forms are built only for the rare text that passes.
 */
export const mayHoldEncodedDigits = /(?:[MNO][DTjz][AEIMQUYcgk][w-z0-5]){2}|(?:3\d){4}/;

/** Where `text` holds one of `forms` (whole, as written), as spans [from, to). */
export function formSpans(text: string, forms: readonly string[]): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (const form of forms)
    for (let at = text.indexOf(form); at >= 0; at = text.indexOf(form, at + 1))
      spans.push([at, at + form.length]);
  return spans;
}

/** A value's forms in base64 (at any alignment) and hex (in either case), `shortest` or longer. */
function searchedForms(values: string[], shortest: number): string[] {
  return values.flatMap((value) => {
    const { base64, hex } = encodedForms(value, shortest);
    return [...base64, hex, hex.toUpperCase()].filter((form) => form.length >= shortest);
  });
}

/**
 * Finds values written in base64 or hex, whole (forms shorter than eight characters are not
 * searched: a few such letters match ordinary text): `texts` in every text, `numbers` (eight
 * digits or more) only in a text that may hold digits so written (`mayHoldEncodedDigits`), so
 * most answers cost a regular-expression test and a few searches. Forms are built on first need.
 */
export function encodedFinder(texts: string[], numbers: string[]) {
  const shortest = 8;
  let textForms: string[] | undefined;
  let numberForms: string[] | undefined;
  const ofTexts = () => (textForms ??= searchedForms(texts, shortest));
  const mayHoldNumbers = (text: string) => numbers.length > 0 && mayHoldEncodedDigits.test(text);
  return {
    /** Whether `text` may hold one: a quick test for a text with nothing else to look at. */
    may: (text: string) => mayHoldNumbers(text) || ofTexts().some((form) => text.includes(form)),
    /** Where `text` writes one, as spans [from, to). */
    find(text: string): Array<[number, number]> {
      const found = formSpans(text, ofTexts());
      if (mayHoldNumbers(text))
        found.push(...formSpans(text, (numberForms ??= searchedForms(numbers, shortest))));
      return found;
    },
  };
}
