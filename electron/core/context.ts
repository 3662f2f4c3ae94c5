import type { EventName, PayloadOf } from '../../shared/contract/events';
import type { OperationName, OutputOf, ParsedInputOf } from '../../shared/contract/operations';
import type { Result } from '../../shared/result';
import type { Settings } from '../../shared/settings';
import type { createConnections } from './connections';
import type { CredentialStore } from './credentials/keychain';
import type { Db } from './store/db';
import type { HistoryTasks } from './tasks/thread-tasks';
import type { TeamService } from './team/team-service';
import type { BuiltFiles } from './uploads/built-files';

/** What every group of handlers works with; built once in `createCore`. */
export interface CoreContext {
  db: Db;
  /** The folder of the history (and of its backup copies). */
  dataDir: string;
  keychain: CredentialStore;
  connections: ReturnType<typeof createConnections>;
  settings: () => Settings;
  /** Stores a settings change and returns the new settings. */
  updateSettings: (patch: Partial<Settings>) => Settings;
  emit: <E extends EventName>(name: E, payload: PayloadOf<E>) => void;
  /** The team database (issue 17); a workstation without one answers locally. */
  team: TeamService;
  /** Work over a whole batch, off the thread that answers the windows when the door allows. */
  tasks: HistoryTasks;
  /** Response-variable files the core built, kept by ID for the check, the send and a copy. */
  builtFiles: BuiltFiles;
  info: {
    version: string;
    locale: string;
    platform: string;
    notices: string[];
    keychainAvailable: boolean;
  };
}

export type Handlers = {
  [N in OperationName]: (input: ParsedInputOf<N>) => Promise<Result<OutputOf<N>>>;
};

/** A group of handlers: the operations whose names start with one of the given prefixes. */
export type HandlerGroup<N extends OperationName> = Pick<Handlers, N>;
