import type { ErrorCode } from '../../../shared/result';

/**
 * The codes of a core that could not start: it answers every call, `app.info` included, with the
 * reason its history cannot be opened. A running core never fails `app.info` with one of them.
 */
const fatalCodes: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'db',
  'db_engine',
  'data_folder_read_only',
  'history_read_only',
]);

export function isFatalCode(code: ErrorCode): boolean {
  return fatalCodes.has(code);
}
