import type { Db } from '../store/db';
import { echoMask } from '../service/echo-mask';
import { mapStrings } from '../service/map-strings';

/**
 * A data-subject request reaches the upload ledger too: a service's answer to an upload may have
 * quoted a customer's CPF (answers are masked as they come since, but a ledger kept by an earlier
 * version may hold one). Each answer and message that quotes the CPF, however grouped, is
 * rewritten with its mask. Returns how many ledger lines changed.
 */
export function maskCpfInUploads(db: Db, cpf: string): number {
  const mask = echoMask({ sessionID: '', externalID: '', cpf });
  const read = db.prepare<
    [],
    { id: number; answer_json: string | null; messages_json: string | null }
  >(
    'SELECT id, answer_json, messages_json FROM uploads WHERE answer_json IS NOT NULL OR messages_json IS NOT NULL',
  );
  const update = db.prepare('UPDATE uploads SET answer_json = ?, messages_json = ? WHERE id = ?');
  /** The stored JSON with the CPF masked, or as it was when it does not quote it. */
  const masked = (json: string | null) => {
    if (json === null) return null;
    const value = JSON.parse(json) as unknown;
    const after = JSON.stringify(mapStrings(value, mask));
    return after === JSON.stringify(value) ? json : after;
  };
  return db
    .transaction(() => {
      let changed = 0;
      for (const row of read.all()) {
        const answer = masked(row.answer_json);
        const messages = masked(row.messages_json);
        if (answer === row.answer_json && messages === row.messages_json) continue;
        update.run(answer, messages, row.id);
        changed += 1;
      }
      return changed;
    })
    .immediate();
}
