import type { Migration } from '../migrate';

/**
 * The answer key of an upload's claim in the team's ledger (team-ledger.ts), kept until the
 * team database has recorded the upload's answer. Only the workstation that claimed the line may
 * answer it, with this key; kept in memory only, it died with a send stopped mid-way (Ctrl+C, a
 * crash, the team database gone meanwhile), and the team's line stayed `sending` for good,
 * blocking everyone, the sender too. Kept here, the next sync answers it from this ledger.
 */
export const teamAnswerKey: Migration = {
  version: 26,
  name: 'team-answer-key',
  up: `
    ALTER TABLE uploads ADD COLUMN team_answer_key TEXT;
  `,
};
