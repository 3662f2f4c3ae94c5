/**
 * Masks for a request body shown as it is sent (the Import screen's request preview, a result's
 * "Request as sent"): every letter and digit becomes `*` but the digits that `mask.ts` keeps, and
 * every other character stays, so `45208021803` masks to `***080218**` and `452.080.218-03` to
 * `***.080.218-**`. The display masks of mask.ts write one format whatever was sent.
 */

/** `text` with its letters and digits masked, but the digits whose place `keep` accepts. */
function maskInShape(text: string, keep: (place: number, digits: number) => boolean): string {
  const digits = text.replace(/\D/g, '').length;
  let place = 0;
  return text.replace(/[\p{L}\p{N}]/gu, (char) => {
    if (!/\d/.test(char)) return '*';
    place += 1;
    return keep(place - 1, digits) ? char : '*';
  });
}

/** The middle six digits of an 11-digit CPF stay; anything else is masked whole. */
export function maskCpfAsSent(text: string): string {
  return maskInShape(text, (place, digits) => digits === 11 && place >= 3 && place < 9);
}

/** The first five digits of a CEP stay (fewer than six digits: masked whole). */
export function maskZipAsSent(text: string): string {
  return maskInShape(text, (place, digits) => digits >= 6 && place < 5);
}

/** The last four digits of a phone number stay (four digits or fewer: masked whole). */
export function maskPhoneAsSent(text: string): string {
  return maskInShape(text, (place, digits) => digits > 4 && place >= digits - 4);
}
