import type { Migration } from '../migrate';

/**
 * Which process sends an upload whose answer has not come yet (`error_code = 'sending'`): its
 * host, pid and start (seconds since 1970, as the history's session markers name a process). A
 * line whose process still runs is in flight, and the same file or transactions are not sent
 * again meanwhile; one whose process is gone (a crash, a kill) may have arrived, as before. Lines
 * stored before this migration have no sender: any left `sending` is the may-have-arrived case.
 */
export const uploadSender: Migration = {
  version: 25,
  name: 'upload-sender',
  up: `
    ALTER TABLE uploads ADD COLUMN sender_host TEXT;
    ALTER TABLE uploads ADD COLUMN sender_pid INTEGER;
    ALTER TABLE uploads ADD COLUMN sender_started INTEGER;
  `,
};
