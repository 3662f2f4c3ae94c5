import { counted } from '../../shared/count-text';
import { settingsRepo } from '../core/store/settings.repo';
import type { Db } from '../core/store/db';
import { teamService, type TeamService } from '../core/team/team-service';
import { cliKeychain } from './commands/credentials';
import type { Io } from './io';
import { note } from './verbosity';
import { shown } from './escape-text';

/**
 * The team database for a command (issue 17): the one this data folder is linked to, or the one
 * `DCDESK_TEAM_URL` names for this command (`DCDESK_TEAM_PASSWORD`, `DCDESK_ANALYST` beside it).
 */
export function cliTeam(db: Db, io: Io): TeamService {
  return teamService(db, cliKeychain(io), {
    analystSetting: () => settingsRepo(db).read().analystName,
    env: io.env,
    surface: 'cli',
  });
}

/**
 * Syncs after a command changed outcomes or stored answers, when a team is configured. A failure
 * is a warning, not the command's failure: the changes wait here for the next sync.
 */
export async function syncAfter(team: TeamService, io: Io): Promise<void> {
  if (!team.configured()) return;
  const synced = await team.sync();
  if (synced.ok)
    note(
      io,
      `dcdesk: team: pushed ${counted(synced.value.pushed, 'change')} and ${counted(synced.value.answers, 'answer')}, pulled ${counted(synced.value.pulled, 'change')}.`,
    );
  else
    io.err(
      // The message may hold the team server's own words: kept on its one line.
      `dcdesk: warning: the team sync failed; the changes wait here for the next one. ${shown(synced.error.message)}`,
    );
}
