import { hostname } from 'node:os';
import type { Destination } from '../../../shared/environment';
import type { Db } from './db';
import { processStillRuns, thisProcess } from './sessions';

/**
 * How long a line may stay in flight: the longest request timeout the settings allow (300 s),
 * the team's claim before it and slack. Past it the request has ended whatever the process says:
 * a pid the system gave to another program after a crash no longer holds the file back.
 */
export const inFlightLimitMs = 10 * 60_000;

interface SenderColumns {
  id: number;
  created_at: string;
  sender_host: string | null;
  sender_pid: number | null;
  sender_started: number | null;
}

/**
 * Whether a line left `sending` is still out: its process runs (on this host; another host's
 * cannot be asked, so only the time limit ends it there) and it started within the limit.
 */
function stillOut(line: SenderColumns, host: string, now: number): boolean {
  if (line.sender_pid === null || line.sender_started === null) return false;
  if (now - Date.parse(line.created_at) >= inFlightLimitMs) return false;
  if (line.sender_host !== host) return true;
  return processStillRuns(line.sender_pid, line.sender_started);
}

/**
 * The process that sends each upload while its answer has not come (migration 25), so a line
 * `sending` in a live process (in flight) is told from one a dead process left (may have arrived).
 */
export function uploadSendersRepo(db: Db) {
  const host = hostname();
  const mark = db.prepare(
    `UPDATE uploads SET sender_host = @host, sender_pid = @pid, sender_started = @started
     WHERE id = @id`,
  );
  const forget = db.prepare(
    'UPDATE uploads SET sender_host = NULL, sender_pid = NULL, sender_started = NULL WHERE id = ?',
  );
  const sendingIn = db.prepare<[string], SenderColumns>(
    `SELECT id, created_at, sender_host, sender_pid, sender_started FROM uploads
     WHERE error_code = 'sending' AND id IN (SELECT value FROM json_each(?))`,
  );
  const sendingTo = db.prepare<[Destination], SenderColumns & { sha256: string }>(
    `SELECT id, created_at, sender_host, sender_pid, sender_started, sha256 FROM uploads
     WHERE error_code = 'sending' AND environment = ? AND sender_pid IS NOT NULL`,
  );
  const sharedIds = db
    .prepare<[string, string], number>(
      `SELECT DISTINCT upload_id FROM upload_transactions
       WHERE upload_id IN (SELECT value FROM json_each(?))
         AND external_id IN (SELECT value FROM json_each(?))`,
    )
    .pluck();

  return {
    /** This process sends upload `id` now. */
    mark(id: number): void {
      mark.run({ id, host, ...thisProcess() });
    },
    /** The send of `id` ended without its answer written: the line may have arrived. */
    forget(id: number): void {
      forget.run(id);
    },
    /** Of these uploads, those in flight in a process that still runs. */
    inFlight(ids: readonly number[], now = Date.now()): Set<number> {
      if (ids.length === 0) return new Set();
      return new Set(
        sendingIn
          .all(JSON.stringify(ids))
          .filter((line) => stillOut(line, host, now))
          .map((line) => line.id),
      );
    },
    /**
     * The uploads to `environment` in flight in a process that still runs that carry these
     * bytes (`sameFile`) or some of these transactions, trimmed (`shared`). The transactions are
     * asked for only when another file is out: none in the usual case, when nothing is.
     */
    inFlightFor(
      environment: Destination,
      sha256: string,
      transactionIds: () => readonly string[],
      now = Date.now(),
    ): { sameFile: number[]; shared: number[] } {
      const out = sendingTo.all(environment).filter((line) => stillOut(line, host, now));
      const sameFile = out.filter((line) => line.sha256 === sha256).map((line) => line.id);
      const rest = out.filter((line) => line.sha256 !== sha256).map((line) => line.id);
      const shared =
        rest.length === 0
          ? []
          : sharedIds.all(JSON.stringify(rest), JSON.stringify(transactionIds()));
      return { sameFile, shared };
    },
  };
}

export type UploadSendersRepo = ReturnType<typeof uploadSendersRepo>;
