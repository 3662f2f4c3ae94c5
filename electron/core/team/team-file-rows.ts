import type { FileScope, OutcomeFileRows } from '../../../shared/contract/outcomes';
import type { Destination } from '../../../shared/environment';
import type { FileRowsOptions, ReviewService } from '../review/review-service';
import type { SentBefore } from './team-ledger';
import type { TeamService } from './team-service';

/**
 * The rows of a response-variable file, with the team's work in (issue 17): a sync first, so a
 * colleague's outcomes are in; for unsent rows, those a colleague's upload holds left out. When
 * the team database cannot be reached, the rows are this workstation's and `teamError` says why.
 * `read`: how the history's rows are read (a command, alone on its connection, takes a snapshot).
 */
export async function teamFileRows(
  review: ReviewService,
  team: TeamService,
  environment: Destination,
  query: { batchId?: string; scope: FileScope },
  read: FileRowsOptions = {},
): Promise<OutcomeFileRows> {
  if (!team.configured())
    return {
      rows: await review.fileRows(environment, query, read),
      sentByTeam: 0,
      teamError: null,
    };
  const synced = await team.sync();
  const rows = await review.fileRows(environment, query, read);
  if (!synced.ok) return { rows, sentByTeam: 0, teamError: synced.error.message };
  if (query.scope !== 'unsent') return { rows, sentByTeam: 0, teamError: null };
  const held = await team.held(
    environment,
    rows.map((row) => row.transactionId),
  );
  if (!held.ok) return { rows, sentByTeam: 0, teamError: held.error.message };
  const left = leftOutByTeam(held.value, team.analyst(), rows);
  const sent = new Set(left.map((line) => line.externalId));
  return {
    rows: rows.filter((row) => !sent.has(row.transactionId)),
    sentByTeam: sent.size,
    sentByTeamBy: [...new Set(left.map((line) => line.analyst))].sort(),
    teamError: null,
  };
}

/**
 * Of the team's ledger lines holding a file's rows, those that leave their row out: a
 * colleague's upload of the outcome this file would send, or one being sent now. The analyst's
 * own lines and corrected outcomes stay: they go again once the analyst confirms (the claim lets
 * them, team-ledger.ts).
 */
export function leftOutByTeam(
  held: readonly SentBefore[],
  analyst: string,
  rows: ReadonlyArray<{ transactionId: string; outcome: string }>,
): SentBefore[] {
  const outcomeOf = new Map(rows.map((row) => [row.transactionId, row.outcome]));
  return held.filter(
    (line) =>
      line.status === 'sending' ||
      (line.analyst !== analyst &&
        (line.outcome === null || line.outcome === outcomeOf.get(line.externalId))),
  );
}
