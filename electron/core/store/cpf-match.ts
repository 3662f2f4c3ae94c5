import type { Db } from './db';

/** A CPF stored as the digits it should be: 11 of them, nothing else. */
const plainCpf = `'${'[0-9]'.repeat(11)}'`;

const registered = new WeakSet<Db>();

/**
 * `cpf_digits(text)`: the text's digits alone. Deterministic, so SQLite may evaluate it once per
 * value. Registered once per connection, by the first query that needs it.
 */
function registerCpfDigits(db: Db): void {
  if (registered.has(db)) return;
  db.function('cpf_digits', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? text.replace(/\D/g, '') : null,
  );
  registered.add(db);
}

/**
 * The rows (`batch_key, seq`) whose CPF cell is `@cpf` (11 digits) by its digits. A valid CPF is
 * stored as its digits, but a cell that failed the check (`cpf: format`) is stored as typed: an
 * invisible character, an en dash, a word before the number ("CPF 529…"). A data-subject request
 * or a search by CPF must find those rows too. The valid ones are one index lookup; the others
 * are read from the whole `batch_rows_cpf` index (about 0.2 s a million rows), each only when
 * `@cpf` is 11 digits, so a search for anything else pays nothing.
 */
export function cpfRowsSql(db: Db): string {
  registerCpfDigits(db);
  return `SELECT batch_key, seq FROM batch_rows WHERE cpf = nullif(@cpf, '')
    UNION ALL SELECT batch_key, seq FROM batch_rows
    WHERE @cpf GLOB ${plainCpf} AND cpf > '' AND cpf NOT GLOB ${plainCpf}
      AND cpf_digits(cpf) = @cpf`;
}
