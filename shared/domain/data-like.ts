/**
 * Whether a spreadsheet cell holds a value about someone rather than a column's name: for a
 * file without a header row, whose first data row is taken for the headers. Such "names" must
 * not be kept anywhere (the import's remembered mappings were keyed by them: one customer's CPF,
 * e-mail and phone, kept on the workstation where "forget this CPF" never looked).
 *
 * Deliberately broad: a real column name that trips it only costs the mapping memory.
 */
import { isEmailFormat } from './email';

/** Digits in a column name ("Telefone 2", "CEP1") are few; a CPF, CEP, phone or ID has 6+. */
const manyDigits = 6;
/** A session ID, token or hash: one long word of letters and digits, no spaces. */
const tokenLength = 16;

function digitCount(text: string): number {
  let count = 0;
  for (const character of text) if (character >= '0' && character <= '9') count += 1;
  return count;
}

/**
 * An e-mail anywhere in the cell (`Ana <ana@x.com.br>` too), or any `@` between a word and a
 * word with a dot after it: an address the format check refuses (an accented domain, a trailing
 * dot or colon) is still someone's address.
 */
function holdsEmail(text: string): boolean {
  return text
    .split(/[\s<>;,()[\]"']+/)
    .some((word) => word.includes('@') && (isEmailFormat(word) || /[^@]@[^@]*\.[^@]/u.test(word)));
}

/**
 * A long word of letters, digits, `-` and `_` with digits in it (`sess-0001-abcdefghijklmnop`, a
 * UUID, a hex hash): column names of that length are words joined without digits.
 */
function isToken(text: string): boolean {
  return (
    text.length >= tokenLength &&
    /^[\w-]+$/.test(text) &&
    /\d/.test(text) &&
    /[a-z]/i.test(text) &&
    digitCount(text) >= 3
  );
}

/**
 * True for a CPF with or without punctuation, a phone, a CEP, a transaction or order number
 * (6 or more digits in all), an e-mail, or a session-ID-like token.
 */
export function looksLikeData(cell: string): boolean {
  const text = cell.trim();
  if (text === '') return false;
  return digitCount(text) >= manyDigits || holdsEmail(text) || isToken(text);
}
