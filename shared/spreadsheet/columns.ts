/**
 * Which column holds which transaction field, guessed from the header row. The analyst confirms
 * or corrects the guess; nothing is sent on a guess alone.
 */
import { mappableFields, matchScore, namesMobilePhone } from './header-names';
import type { MappableField } from './header-names';
import { repeatedHeaders, type RepeatedHeader } from './repeated-headers';

export { mappableFields } from './header-names';
export type { MappableField } from './header-names';

/** Field → 0-based column index. Each column serves at most one field and the reverse. */
export type ColumnMapping = Partial<Record<MappableField, number>>;

/**
 * Maps headers to fields by name (see `header-names.ts`). For the phone and its number a mobile
 * column wins first (`Celular` over `Telefone`: the service's phone is the mobile one). Then exact
 * names win over qualified ones (`CPF` over `CPF do Titular`), then the leftmost column, then the
 * field order. `columnChoices` lists the columns left out, so no choice goes unsaid.
 *
 * Phones: `Telefone`, `Celular`, `Phone` map to `phone`, the whole phone, even when `DDD` and
 * `DDI` are separate columns. `validateTransaction` reads the whole phone in any format
 * (`98765-4321`, `(11) 98765-4321`, `11987654321`) and takes from the DDD and DDI columns only
 * what it lacks, so this works whether or not the phone cell repeats the area code. A column
 * named as the number part (`Número do Telefone`, `Phone Number`) maps to `phoneNumber` when a
 * DDD column exists and to `phone` otherwise, since "phone number" alone often means the whole.
 */
export function autoMapColumns(headers: string[]): ColumnMapping {
  const candidates: Array<{ column: number; field: MappableField; score: number }> = [];
  headers.forEach((header, column) => {
    for (const field of mappableFields) {
      const score = matchScore(header, field);
      if (score > 0) candidates.push({ column, field, score });
    }
  });
  const hasCityCode = candidates.some((candidate) => candidate.field === 'cityCode');
  const rank = (field: MappableField) => mappableFields.indexOf(field);
  const mobile = ({ column, field }: { column: number; field: MappableField }) =>
    (field === 'phone' || field === 'phoneNumber') && namesMobilePhone(headers[column] ?? '')
      ? 1
      : 0;
  candidates.sort(
    (a, b) =>
      mobile(b) - mobile(a) ||
      b.score - a.score ||
      a.column - b.column ||
      rank(a.field) - rank(b.field),
  );

  const mapping: ColumnMapping = {};
  const used = new Set<number>();
  for (const { column, field } of candidates) {
    const target = field === 'phoneNumber' && !hasCityCode ? 'phone' : field;
    if (used.has(column) || mapping[target] !== undefined) continue;
    mapping[target] = column;
    used.add(column);
  }
  return mapping;
}

/**
 * Fields with more than one column that could hold them, as the mapping reads the headers: named
 * alike, or by two of the field's names (`Telefone` and `Celular`). A "phone number" column
 * competes for the whole phone when no DDD column is mapped, as `autoMapColumns` maps it.
 */
export function columnChoices(
  headers: string[],
  mapping: ColumnMapping,
): Array<RepeatedHeader<MappableField>> {
  const couldHold = (header: string, field: MappableField) =>
    matchScore(header, field) > 0 ||
    (field === 'phone' && mapping.cityCode === undefined && matchScore(header, 'phoneNumber') > 0);
  return repeatedHeaders(headers, mapping, couldHold);
}
