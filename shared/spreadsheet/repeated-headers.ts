/**
 * Columns that could each be a field's column: named alike (`CPF` twice) or by two of the field's
 * names (`Telefone` and `Celular`, `Pedido` and `ID Transação`). The mapping takes one of them;
 * the app shows which on its mapping screen, and the command line says so in words, so a file
 * whose other column holds the real values does not go out with the chosen one's silently.
 */
import { normaliseWords } from './header-names';
import { columnName } from './problem';

export interface RepeatedHeader<F extends string = string> {
  field: F;
  /** The header as the used column spells it, trimmed. */
  header: string;
  /** 0-based column the mapping took. */
  used: number;
  /** The other 0-based columns that could hold the field, in column order. */
  others: number[];
  /** Their headers, trimmed, in the order of `others`. */
  otherHeaders: string[];
  /** Every other column has the used one's name (spacing, case and accents aside). */
  sameName: boolean;
}

/**
 * Every mapped field (a transaction's or an outcome sheet's) with other columns that could hold
 * it, in column order of the used one: columns with the used one's name, and those `couldHold`
 * accepts for the field. A column the mapping uses for another field is not a choice left out.
 */
export function repeatedHeaders<F extends string>(
  headers: string[],
  mapping: Partial<Record<F, number>>,
  couldHold: (header: string, field: F) => boolean = () => false,
): Array<RepeatedHeader<F>> {
  const key = (header: string) => normaliseWords(header).join(' ');
  const mapped = Object.entries(mapping) as Array<[F, number | undefined]>;
  const taken = new Set(mapped.map(([, column]) => column));
  const repeated: Array<RepeatedHeader<F>> = [];
  for (const [field, used] of mapped) {
    if (used === undefined) continue;
    const name = key(headers[used] ?? '');
    if (name === '') continue;
    const alike = (header: string) => key(header) === name;
    const others = headers.flatMap((header, column) =>
      !taken.has(column) && (alike(header) || couldHold(header, field)) ? [column] : [],
    );
    if (others.length === 0) continue;
    const otherHeaders = others.map((column) => (headers[column] ?? '').trim());
    repeated.push({
      field,
      header: (headers[used] ?? '').trim(),
      used,
      others,
      otherHeaders,
      sameName: otherHeaders.every(alike),
    });
  }
  return repeated.sort((a, b) => a.used - b.used);
}

/**
 * "2 columns are named 'CPF' (C, D); column C was used for cpf." or, for different names,
 * "2 columns could hold phone (C 'Telefone', D 'Celular'); column D was used for phone."
 */
export function describeRepeatedHeader(repeated: RepeatedHeader): string {
  const { used, others, otherHeaders } = repeated;
  const named = [
    { column: used, header: repeated.header },
    ...others.map((column, index) => ({ column, header: otherHeaders[index] ?? '' })),
  ].sort((a, b) => a.column - b.column);
  const count = String(named.length);
  const chosen = `column ${columnName(used)} was used for ${repeated.field}.`;
  if (repeated.sameName)
    return `${count} columns are named '${repeated.header}' (${named.map(({ column }) => columnName(column)).join(', ')}); ${chosen}`;
  const listed = named.map(({ column, header }) => `${columnName(column)} '${header}'`);
  return `${count} columns could hold ${repeated.field} (${listed.join(', ')}); ${chosen}`;
}
