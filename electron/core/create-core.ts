import { announcingOutcomeChanges } from './outcome-events';
import type { EventName, PayloadOf } from '../../shared/contract/events';
import { operations, type OperationName } from '../../shared/contract/operations';
import { fail, ok, type Result } from '../../shared/result';
import { createConnections, type EmbeddedSandbox } from './connections';
import type { CoreContext, Handlers } from './context';
import type { CredentialStore } from './credentials/keychain';
import { appHandlers } from './handlers/app.handlers';
import { createBatchService } from './batches/batch-service';
import { batchHandlers } from './handlers/batches.handlers';
import { credentialHandlers } from './handlers/credentials.handlers';
import { environmentHandlers } from './handlers/environments.handlers';
import { lookupHandlers } from './handlers/lookups.handlers';
import { outcomeHandlers } from './handlers/outcomes.handlers';
import { reportHandlers } from './handlers/report.handlers';
import type { PdfPrinter } from './report/report-file';
import { privacyHandlers } from './handlers/privacy.handlers';
import { resultHandlers } from './handlers/results.handlers';
import { resultExportHandlers } from './handlers/results-export.handlers';
import { dataFolderTargets, type ExportTargets } from './results-export/export-target';
import { settingsHandlers } from './handlers/settings.handlers';
import { storeFailure } from './handlers/from-store';
import { uploadHandlers } from './handlers/uploads.handlers';
import type { FetchFn } from './service/client';
import { openHistory } from './store/db';
import type { Engine } from './store/engine';
import type { WriterThread } from './bulk/thread-row-writer';
import { historyTasks, type HistoryTasks, type TaskThread } from './tasks/thread-tasks';
import { builtFiles } from './uploads/built-files';
import { openingPurgeNotice, purgeAtOpening } from './privacy/privacy-service';
import { followHistory } from './store/history-follower';
import { readOnlyHistoryFailure } from './store/read-only-folder';
import { historyFileWatch, historyGoneMessage } from './store/history-file-watch';
import { historyFailureText } from './local-failure';
import { historyReads } from './history-reads';
import { giveRoomBack, isDiskFull } from './store/disk-full';
import { followSettings, settingsCheckMs } from './store/settings-follower';
import { teamHandlers } from './handlers/team.handlers';
import { teamService } from './team/team-service';
import { messageOf } from '../../shared/message-of';

export interface CoreOptions {
  dataDir: string;
  /** Electron passes `net.fetch` (system proxy, OS certificates); tests and the web host, Node's. */
  fetch: FetchFn;
  keychain: CredentialStore;
  /** Starts the embedded sandbox (`startSandbox` from electron/sandbox), the first time it is used. */
  startSandbox: () => Promise<EmbeddedSandbox>;
  version: string;
  locale: string;
  platform: string;
  /**
   * The folder of files shipped beside the code (the sample spreadsheet): Electron passes
   * `process.resourcesPath` when packaged. By default `resources/` of the working folder.
   */
  resourcesDir?: string;
  /** The SQLite module to load: Electron passes the one built for it; Node uses the package's. */
  engine?: Engine;
  /** Prints the report's HTML page to PDF: Electron passes `printToPDF`; without it PDF is refused. */
  printPdf?: PdfPrinter;
  /**
   * Where a results export goes: Electron asks with the save dialog, the web host offers a
   * download; without it, the data folder's `exports`.
   */
  exportTargets?: ExportTargets;
  /**
   * Batch runs write their rows on a thread of their own: Electron passes the script built beside
   * its bundle, the web host the source file. Absent: on the core's own thread.
   */
  writerThread?: WriterThread;
  /**
   * Work over a whole batch (a bulk outcome, a response file's build and check) runs on a thread
   * of its own: Electron passes the script built beside its bundle, the web host the source file.
   * Absent: on the core's own thread, in slices.
   */
  taskThread?: TaskThread;
}

type Listener = <E extends EventName>(name: E, payload: PayloadOf<E>) => void;

/** The contract implemented once; Electron's IPC and the web host both call `call`. */
export interface Core {
  /** Parses `input` with the operation's schema, then runs it; never throws. */
  call(name: string, input: unknown): Promise<Result<unknown>>;
  subscribe(listener: Listener): () => void;
  close(): Promise<void>;
}

/**
 * Builds the core: opens the history (purging what is past retention, as at every start) and
 * wires the keychain, the service clients and the handlers. Fails only when the history cannot be
 * opened, with that error.
 */
export async function createCore(options: CoreOptions): Promise<Result<Core>> {
  const opened = await openHistory(options.dataDir, { engine: options.engine });
  if (!opened.ok) return opened;
  const { db, notices, close: closeHistory } = opened.value;
  const listeners = new Set<Listener>();
  const emit: CoreContext['emit'] = (name, payload) =>
    listeners.forEach((listener) => listener(name, payload));
  let followed: ReturnType<typeof followSettings>;
  let history: ReturnType<typeof followHistory>;
  try {
    // Settings another process stores are announced as this core's own changes are.
    followed = followSettings(db, (changed) =>
      emit('main:settings.changed', { language: changed.language }),
    );
    // Put off while another process writes (dcdesk running a batch): the app still starts.
    const purged = purgeAtOpening(db, options.dataDir, followed.current().retentionDays);
    const purgeNotice = openingPurgeNotice(purged);
    if (purgeNotice) notices.push(purgeNotice);
    // Batches, outcomes and uploads another process changes are announced as a deletion is.
    history = followHistory(db, () => emit('main:outcomes.changed', { operation: 'elsewhere' }));
  } catch (caught) {
    // Closed, not left open: an opening never closed reads as a crash at the next start.
    closeHistory();
    // Said by SQLite's code: a history file SQLite opened read-only fails here, at the first
    // write, though it can be read.
    const readOnly = readOnlyHistoryFailure<Core>(options.dataDir, db.name, caught);
    if (readOnly) return readOnly;
    const known = historyFailureText(caught);
    return fail('db', `The history cannot be used: ${known ?? messageOf(caught)}`);
  }
  const keychainAvailable = (await options.keychain.has('test')).ok;
  const settings = followed.current;
  // An idle window hears of another process's change too, within a check.
  let tasksRunning = 0;
  // The history file deleted or replaced under the app: its runs pause rather than go on
  // writing answers into a file no longer there, and every change is refused from then on (a
  // resume or a new batch would run into it too). Once gone, gone: a file put back at the path
  // is another file to SQLite's open connection.
  const historyFile = historyFileWatch(db.name);
  let gone = false;
  let pauseRuns: (() => void) | null = null;
  const historyGone = (): boolean => {
    gone ||= historyFile.gone();
    if (gone) pauseRuns?.();
    return gone;
  };
  const settingsCheck = setInterval(() => {
    settings();
    history.check({ quietOutcomes: tasksRunning > 0 });
    historyGone();
  }, settingsCheckMs);
  settingsCheck.unref();
  const team = teamService(db, options.keychain, {
    analystSetting: () => settings().analystName,
    surface: 'window',
    onApplied: () => emit('main:outcomes.changed', { operation: 'team.sync' }),
  });
  // Outcome changes reach the team shortly after they are made.
  listeners.add((name, payload) => {
    if (
      name === 'main:outcomes.changed' &&
      (payload as { operation: string }).operation !== 'team.sync'
    )
      team.syncSoon();
  });
  const threadTasks = historyTasks(
    db,
    db.name,
    options.taskThread ? { engine: options.engine, ...options.taskThread } : undefined,
  );
  // What the task thread commits is this core's own doing: not announced as another process's.
  const tasks: HistoryTasks = {
    async run(task, progress) {
      tasksRunning += 1;
      try {
        return await threadTasks.run(task, progress);
      } finally {
        // Checked now, while its outcomes are still its own: the operation announces them.
        history.check({ quietOutcomes: true });
        tasksRunning -= 1;
      }
    },
    close: () => threadTasks.close(),
  };
  const context: CoreContext = {
    db,
    tasks,
    builtFiles: builtFiles(options.dataDir, tasks, team),
    dataDir: options.dataDir,
    keychain: options.keychain,
    connections: createConnections({
      fetch: options.fetch,
      startSandbox: options.startSandbox,
      keychain: options.keychain,
      settings,
    }),
    settings,
    updateSettings: (patch) => followed.write(patch),
    emit,
    team,
    info: {
      version: options.version,
      locale: options.locale,
      platform: options.platform,
      notices,
      keychainAvailable,
    },
  };
  const batches = createBatchService({
    db,
    ...(options.writerThread
      ? { writerThread: { engine: options.engine, ...options.writerThread } }
      : {}),
    clientFor: (target) => context.connections.client(target.environment),
    onEvent: (event) => {
      context.emit('main:batch.progress', event);
      // A batch that stopped shares its answers with the team.
      if (event.type !== 'started' && event.type !== 'progress') team.syncSoon();
    },
  });
  pauseRuns = () => batches.pauseAll(historyGoneMessage(db.name));
  // A batch some earlier run left `running` (closed, killed) is offered for resume as interrupted;
  // one that another process is still running is left alone.
  batches.pauseOrphaned();
  const exportTargets = options.exportTargets ?? dataFolderTargets(options.dataDir);
  const handlers: Handlers = announcingOutcomeChanges(
    {
      ...appHandlers(context, options.resourcesDir),
      ...settingsHandlers(context),
      ...environmentHandlers(context),
      ...credentialHandlers(context),
      ...lookupHandlers(context),
      ...privacyHandlers(context),
      ...batchHandlers(context, batches),
      ...resultHandlers(context),
      ...resultExportHandlers(context, exportTargets),
      ...outcomeHandlers(context),
      ...reportHandlers(context, options.printPdf),
      ...uploadHandlers(context, exportTargets),
      ...teamHandlers(context),
    },
    context.emit,
  );

  return ok({
    async call(name, input) {
      if (!Object.hasOwn(operations, name))
        return fail('validation', `There is no operation '${name}'.`);
      const operation = name as OperationName;
      const parsed = operations[operation].input.safeParse(input ?? {});
      if (!parsed.success) {
        const details = parsed.error.issues.map(
          (issue) => `${issue.path.join('.') || 'input'}: ${issue.message}`,
        );
        return fail('validation', `The request to ${operation} is not valid.`, { details });
      }
      if (!historyReads.has(operation) && historyGone())
        return fail('history_gone', historyGoneMessage(db.name));
      try {
        const handler = handlers[operation] as (input: unknown) => Promise<Result<unknown>>;
        const result = await handler(parsed.data);
        history.ownDone();
        return result;
      } catch (caught) {
        // A write of any handler may meet a full disk or a locked history: said as such, and
        // the room a rolled-back write took in the log is given back.
        if (isDiskFull(caught)) giveRoomBack(db);
        return (
          storeFailure(caught, 'The history could not be used') ??
          fail('internal', `${operation} failed unexpectedly: ${messageOf(caught)}`)
        );
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      clearInterval(settingsCheck);
      await batches.stopAll();
      await tasks.close();
      context.builtFiles.close();
      await team.close();
      await context.connections.close();
      closeHistory();
    },
  });
}
