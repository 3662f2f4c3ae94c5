import type { CoreContext } from '../../electron/core/context';
import { outcomeHandlers } from '../../electron/core/handlers/outcomes.handlers';
import type { Db } from '../../electron/core/store/db';
import type { EnvironmentName } from '../../shared/environment';
import { defaultSettings } from '../../shared/settings';

/**
 * The outcome handlers on a test history, with `activeEnvironment` active, for the calls that need
 * no task thread, file builder or team (a key press, the summary).
 */
export function testOutcomeHandlers(db: Db, activeEnvironment: EnvironmentName = 'sandbox') {
  const context = {
    db,
    settings: () => ({ ...defaultSettings, activeEnvironment }),
    team: { analyst: () => 'ana' },
    emit: () => undefined,
    tasks: { run: () => Promise.reject(new Error('no task thread in this test')) },
    builtFiles: {},
  } as unknown as Pick<CoreContext, 'db' | 'settings' | 'team' | 'emit' | 'tasks' | 'builtFiles'>;
  return outcomeHandlers(context);
}
