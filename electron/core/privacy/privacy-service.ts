import { cpfProblem, normaliseCpf } from '../../../shared/domain/cpf';
import { fail, ok, type Result } from '../../../shared/result';
import type { Db } from '../store/db';
import { countHistoryCopies, removeHistoryCopies } from '../store/copies';
import { countCpfRows, forgetCpf, purgeOlderThan, type PurgeReport } from '../store/retention';

/** What a data-subject request removes: input rows about the CPF, and whole history copies. */
export interface ForgetReport {
  rows: number;
  copies: number;
}

/** The CPF as stored (11 digits), or a validation error saying why it is not one. */
export function checkCpf(text: string): Result<string> {
  const digits = normaliseCpf(text);
  return cpfProblem(digits) === 'length' ? fail('validation', 'A CPF has 11 digits.') : ok(digits);
}

/**
 * Retention and data-subject requests, the same for the app and `dcdesk`: a CPF is forgotten in
 * the history and in every older copy of it (backups and damaged files cannot be scrubbed of one
 * person, so they go whole).
 */
export function privacyService({ db, dataDir }: { db: Db; dataDir: string }) {
  return {
    checkCpf,
    /** What `forget` would remove, removing nothing. */
    preview(cpf: string): ForgetReport {
      return { rows: countCpfRows(db, cpf), copies: countHistoryCopies(dataDir) };
    },
    forget(cpf: string): ForgetReport {
      const rows = forgetCpf(db, cpf);
      return { rows, copies: removeHistoryCopies(dataDir) };
    },
    purgeOlderThan(days: number): PurgeReport {
      return purgeOlderThan(db, days);
    },
  };
}

export type PrivacyService = ReturnType<typeof privacyService>;
