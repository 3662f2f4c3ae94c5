import type { AppError } from '../../shared/result';
import type { Core } from './create-core';

/**
 * A core that could not start (its history cannot be opened): every call answers with the reason,
 * so a window opened on it shows that reason as a fatal state instead of an empty history.
 */
export function unavailableCore(error: AppError): Core {
  return {
    call: () => Promise.resolve({ ok: false, error }),
    subscribe: () => () => undefined,
    close: () => Promise.resolve(),
  };
}
