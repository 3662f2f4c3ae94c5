import type { ClientBase } from 'pg';
import type { Db } from '../store/db';
import { uploadSendersRepo } from '../store/upload-senders.repo';
import { uploadsRepo } from '../store/uploads.repo';
import { recordUploadAnswer } from './team-ledger';

/**
 * Records in the team's ledger the answers of this workstation's own claims that a send left
 * unanswered there: stopped mid-way (Ctrl+C, a crash), or the team database gone while the file
 * went out. The local ledger has the answer (`sent`, `failed` with its code, or a line left
 * `sending` by a process that is gone: may have arrived, as here), and the claim's answer key.
 * Until then the team's line says `sending` and blocks every re-send, this analyst's too. A line
 * whose send still runs (in this or another process) is left to it. Returns how many were
 * settled.
 */
export async function settleOwnClaims(db: Db, client: ClientBase): Promise<number> {
  const uploads = uploadsRepo(db);
  const senders = uploadSendersRepo(db);
  const open = uploads.unansweredInTeam();
  const running = senders.inFlight(open.map((line) => line.id));
  let settled = 0;
  for (const line of open) {
    if (running.has(line.id)) continue;
    await recordUploadAnswer(
      client,
      line.team_upload,
      line.status === 'sent'
        ? { status: 'sent' }
        : { status: 'failed', errorCode: line.error_code ?? 'failed' },
      line.team_answer_key,
    );
    uploads.answeredInTeam(line.id);
    settled += 1;
  }
  return settled;
}
