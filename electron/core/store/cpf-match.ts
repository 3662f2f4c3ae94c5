import type { Db } from './db';

/** A CPF stored as the digits it should be: 11 of them, nothing else. */
const plainCpf = `'${'[0-9]'.repeat(11)}'`;

const registered = new WeakSet<Db>();

/** Characters that hold nothing (a zero-width space, a soft hyphen, a BOM): dropped first. */
const invisible = /\p{Cf}/gu;

/** What may sit inside one written CPF: digits, dots, spaces and any dash (hyphen, en dash, minus…). */
const notInCpf = /[^\d.\s\-\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]+/u;

/**
 * Whether a CPF cell stored as typed holds the CPF `cpf` (11 digits): its digits are the CPF
 * ("CPF 529.982.247–25", an invisible character inside), or one of the numbers written in it is
 * ("529.982.247-25 (2)", "529.982.247-25 / 111.444.777-35"), or its digits are several CPFs put
 * together (a cell of two, its separators dropped at import: "5299822472511144477735"). A CPF
 * request must not leave a row that holds the person's CPF because another number shares its cell.
 */
export function cellHoldsCpf(cell: string, cpf: string): boolean {
  const visible = cell.replace(invisible, '');
  const digits = visible.replace(/\D/g, '');
  if (digits === cpf) return true;
  const numbers = visible.split(notInCpf).flatMap((part) => [part, ...part.split(/\s+/)]);
  if (numbers.some((number) => number.replace(/\D/g, '') === cpf)) return true;
  if (digits.length > 11 && digits.length % 11 === 0)
    for (let at = 0; at < digits.length; at += 11)
      if (digits.slice(at, at + 11) === cpf) return true;
  return false;
}

/**
 * `cpf_holds(cell, cpf)`: `cellHoldsCpf` in SQL. Deterministic, so SQLite may evaluate it once per
 * value. Registered once per connection, by the first query that needs it.
 */
function registerCpfHolds(db: Db): void {
  if (registered.has(db)) return;
  db.function('cpf_holds', { deterministic: true }, (cell: unknown, cpf: unknown) =>
    typeof cell === 'string' && typeof cpf === 'string' && cellHoldsCpf(cell, cpf) ? 1 : 0,
  );
  registered.add(db);
}

/**
 * The rows (`batch_key, seq`) whose CPF cell holds `@cpf` (11 digits). A valid CPF is stored as
 * its digits, but a cell that failed the check (`cpf: format`) is stored as typed: an invisible
 * character, an en dash, a word before the number ("CPF 529…"), two CPFs (`cellHoldsCpf`). A
 * data-subject request or a search by CPF must find those rows too. The valid ones are one index lookup; the others
 * are read from the whole `batch_rows_cpf` index (about 0.2 s a million rows), each only when
 * `@cpf` is 11 digits, so a search for anything else pays nothing.
 */
export function cpfRowsSql(db: Db): string {
  registerCpfHolds(db);
  return `SELECT batch_key, seq FROM batch_rows WHERE cpf = nullif(@cpf, '')
    UNION ALL SELECT batch_key, seq FROM batch_rows
    WHERE @cpf GLOB ${plainCpf} AND cpf > '' AND cpf NOT GLOB ${plainCpf}
      AND cpf_holds(cpf, @cpf)`;
}
