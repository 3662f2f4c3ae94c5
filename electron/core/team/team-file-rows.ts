import type { FileScope, OutcomeFileRows } from '../../../shared/contract/outcomes';
import type { Destination } from '../../../shared/environment';
import type { FileRowsOptions, ReviewService } from '../review/review-service';
import type { TeamService } from './team-service';

/**
 * The rows of a response-variable file, with the team's work in (issue 17): a sync first, so a
 * colleague's outcomes are in; for unsent rows, those the team's ledger shows sent left out. When
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
  const sent = new Set(held.value.map((line) => line.externalId));
  return {
    rows: rows.filter((row) => !sent.has(row.transactionId)),
    sentByTeam: sent.size,
    teamError: null,
  };
}
