import type { FieldProblem } from '../../../shared/domain/field-problem';
import type { Transaction } from '../../../shared/domain/types';

/** A spreadsheet row ready to store: the request to send, or the problems that keep it local. */
export interface PreparedRow {
  sourceRow: number;
  /** Identifiers and personal data as searchable text (normalised when valid, as given otherwise). */
  externalId: string | null;
  sessionId: string | null;
  cpf: string | null;
  email: string | null;
  phone: string | null;
  zipCode: string | null;
  request: Transaction | null;
  problems: FieldProblem[] | null;
  notes: string[];
}
