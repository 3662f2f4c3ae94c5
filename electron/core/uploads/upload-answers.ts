/** What a send records and says: the ledger line of an answer, and why a file did not go. */
import type { Result } from '../../../shared/result';
import type { UploadAnswer } from '../service/client';
import type { UploadAnswerRecord } from '../store/uploads.repo';
import type { SentBefore } from '../team/team-ledger';

/** Details shown at most for a file that cannot be sent; the first ones show the pattern. */
export const maxDetails = 100;

/** One transaction a colleague's upload holds, as the analyst reads it. */
function heldLine(line: SentBefore): string {
  const at = line.at.toISOString();
  if (line.status === 'sent') return `${line.externalId}: sent by ${line.analyst} at ${at}`;
  // Past the bound a live send can take (team-takeover.ts), its sender is gone.
  if (line.status === 'sending' && line.stale)
    return `${line.externalId}: may have arrived (${line.analyst} began sending it at ${at}; the send stopped with no answer)`;
  if (line.status === 'sending')
    return `${line.externalId}: being sent by ${line.analyst} since ${at}, or may have arrived`;
  return `${line.externalId}: may have arrived (sent by ${line.analyst} at ${at}, no answer came)`;
}

/** Why a file did not go: a colleague's upload holds some of its transactions. */
export function heldMessage(
  fileName: string,
  held: SentBefore[],
): { message: string; details: string[] } {
  const first = held[0];
  const who = first
    ? ` (${first.externalId}: ${first.analyst}, ${first.at.toISOString()}${held.length > 1 ? ', and others' : ''})`
    : '';
  const maybe = held.every((line) => line.status === 'sent') ? '' : ', or may have been';
  return {
    message: `${fileName} was not sent: ${String(held.length)} of its transactions were already sent by the team${who}${maybe}. Build the file again: it leaves them out. Your own, or a corrected outcome, go again once you confirm (dcdesk upload --yes).`,
    details: held.slice(0, maxDetails).map(heldLine),
  };
}

/** Written on the ledger line while the request is out; replaced by the answer. */
export const sendingMessage =
  'No answer was recorded: the app stopped while the file was being sent. The service may have received it.';

/** What the ledger records of the service's answer. */
export function ledgerOf(answer: Result<UploadAnswer>): UploadAnswerRecord {
  if (answer.ok)
    return {
      status: 'sent',
      httpStatus: answer.value.status,
      messages: [],
      answer: answer.value.body,
      errorCode: null,
      traceId: null,
    };
  const { code, message, status, details = [] } = answer.error;
  // Kept for the support request that asks why the service refused or failed it.
  const traceId = answer.error.traceId ?? null;
  if (code === 'rejected' && status === 400) {
    return {
      status: 'refused',
      httpStatus: 400,
      messages: details.length > 0 ? details : [message],
      answer: null,
      errorCode: code,
      traceId,
    };
  }
  // The file went out and no answer came back (the connection dropped, the time ran out, or a
  // gateway passed it on and relayed no answer, 502 or 504): the service may have it. A dropped connection is recorded under `sending`, the code of a line whose
  // answer never came, so the re-send guard asks first here and in the team's ledger alike. So
  // is a failure of the app's own while it was out (`internal`): its answer was never read.
  const unanswered = code === 'timeout' || answer.error.mayHaveArrived === true;
  return {
    status: 'failed',
    httpStatus: status ?? null,
    messages: unanswered ? [message, ...details, mayHaveReceived] : [message, ...details],
    answer: null,
    errorCode: unanswered && code !== 'timeout' ? 'sending' : code,
    traceId,
  };
}

/** Said of a file that went out with no answer back. */
const mayHaveReceived = 'The service may have received it.';
