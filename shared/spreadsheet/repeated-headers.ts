/**
 * Header names used by more than one column. The mapping takes one of them (the leftmost); the
 * app shows which on its mapping screen, and the command line says so in words, so a file whose
 * second `CPF` column holds the real values does not go out with the first one's silently.
 */
import { normaliseWords } from './header-names';
import { columnName } from './problem';

export interface RepeatedHeader<F extends string = string> {
  field: F;
  /** The header as the used column spells it, trimmed. */
  header: string;
  /** 0-based column the mapping took. */
  used: number;
  /** The other 0-based columns with the same name (spacing, case and accents aside). */
  others: number[];
}

/** Every mapped field (a transaction's or an outcome sheet's) whose column's name other columns share, in column order of the used one. */
export function repeatedHeaders<F extends string>(
  headers: string[],
  mapping: Partial<Record<F, number>>,
): Array<RepeatedHeader<F>> {
  const key = (header: string) => normaliseWords(header).join(' ');
  const repeated: Array<RepeatedHeader<F>> = [];
  for (const [field, used] of Object.entries(mapping) as Array<[F, number | undefined]>) {
    if (used === undefined) continue;
    const name = key(headers[used] ?? '');
    if (name === '') continue;
    const others = headers.flatMap((header, column) =>
      column !== used && key(header) === name ? [column] : [],
    );
    if (others.length > 0)
      repeated.push({ field, header: (headers[used] ?? '').trim(), used, others });
  }
  return repeated.sort((a, b) => a.used - b.used);
}

/** "2 columns are named 'CPF' (C, D); column C was used for cpf." */
export function describeRepeatedHeader(repeated: RepeatedHeader): string {
  const columns = [repeated.used, ...repeated.others].sort((a, b) => a - b).map(columnName);
  return `${String(columns.length)} columns are named '${repeated.header}' (${columns.join(', ')}); column ${columnName(repeated.used)} was used for ${repeated.field}.`;
}
