import type { UploadView } from '../../../../shared/contract/outcomes';
import type { AppError } from '../../../../shared/result';

/** What to do after a send that did not go through, by why it did not. */
export type SendAdvice = 'fixFile' | 'tryLater' | 'mayHaveArrived' | 'credentials' | 'ledger';

/** HTTP statuses that say something is wrong with the file itself (too large, unreadable…). */
const aboutTheFile = new Set([400, 413, 415, 422]);

/**
 * The advice for a refused or failed send: only the service's refusal of the file (a 400 with its
 * messages, or a status about the file) asks to fix the file; a network or service failure asks
 * to try again later, a file that went out unanswered may have arrived, refused credentials point
 * to them.
 */
export function sendAdvice(upload: UploadView, error: AppError | null): SendAdvice {
  if (upload.status === 'refused') return 'fixFile';
  // The file went out and no answer came (a timeout, a connection dropped after it went, a
  // gateway's 502 or 504): the ledger line and the client's error say so alike.
  if (upload.mayHaveArrived || error?.mayHaveArrived === true || error?.code === 'timeout')
    return 'mayHaveArrived';
  const status = error?.status ?? upload.httpStatus ?? undefined;
  switch (error?.code) {
    case 'unauthorized':
    case 'auth_failed':
    case 'forbidden':
      return 'credentials';
    case 'network':
    case 'server':
    case 'unavailable':
    case 'rate_limited':
      return 'tryLater';
    default:
      if (status === undefined) return error ? 'ledger' : 'tryLater';
      if (status >= 500 || status === 429) return 'tryLater';
      if (status === 401 || status === 403) return 'credentials';
      return aboutTheFile.has(status) ? 'fixFile' : 'ledger';
  }
}
