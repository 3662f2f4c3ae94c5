import type { UploadView } from '../../../shared/contract/outcomes';
import type { UploadSendersRepo } from '../store/upload-senders.repo';

/**
 * Ledger lines as the analyst should read them: one whose request is still out in a process that
 * runs is `sending`, without the "no answer was recorded" sentence stored on it for the case
 * where that process dies; one a dead process left stays `failed` with that sentence.
 */
export function withInFlight(senders: UploadSendersRepo, views: UploadView[]): UploadView[] {
  // A line waiting for its answer is stored `failed` without an HTTP status.
  const waiting = views.filter((view) => view.status === 'failed' && view.httpStatus === null);
  const out = senders.inFlight(waiting.map((view) => view.id));
  if (out.size === 0) return views;
  return views.map((view) =>
    out.has(view.id)
      ? { ...view, status: 'sending', messages: [], traceId: null, mayHaveArrived: false }
      : view,
  );
}

/** Why a send waits: the same file, or some of its transactions, are out in other uploads. */
export function inFlightMessage(
  fileName: string,
  environment: string,
  out: { sameFile: readonly number[]; shared: readonly number[] },
): string {
  const list = (ids: readonly number[]) =>
    `${ids.length === 1 ? 'upload' : 'uploads'} ${ids.map((id) => `#${String(id)}`).join(', ')}`;
  const what =
    out.sameFile.length > 0
      ? `the same file is being sent to ${environment} right now (${list(out.sameFile)})`
      : `some of its transactions are being sent to ${environment} right now (${list(out.shared)})`;
  return `${fileName} was not sent: ${what}. Wait for the service's answer: the ledger then says whether it arrived, and the file can be sent again if it did not.`;
}
