import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { messageOf } from '../../../shared/message-of';
import { configureConnection, type Db } from '../store/db';
import { engineOptions } from '../store/engine';
import { runHistoryTask } from './history-tasks';
import type { TaskReply, TaskRequest, TaskThreadData } from './thread-tasks';

/**
 * The thread that runs work over a whole batch (see `historyTasks`): its own connection to the
 * history file, configured as the host's, and one task at a time, in the order asked.
 */
const data = workerData as TaskThreadData;
const port = parentPort;

let db: Db | undefined;
let openFailure: { error: string; code?: string } | null = null;
try {
  db = new Database(data.file, engineOptions(data.engine));
  configureConnection(db);
  // A bulk outcome looks up a transaction's rows and rewrites its index entries at random places
  // of indexes of tens of MB: a page cache of 64 MB (SQLite's default is 2 MB) keeps them in
  // memory for this one connection, which only runs work over whole batches.
  db.pragma('cache_size = -65536');
} catch (caught) {
  db?.close();
  db = undefined;
  // SQLite's code goes with it, as with a task's failure: the core says it by that code.
  const error = `the history could not be opened: ${messageOf(caught)}`;
  openFailure = caught instanceof Database.SqliteError ? { error, code: caught.code } : { error };
}

let queue = Promise.resolve();

async function answer(request: TaskRequest): Promise<TaskReply> {
  if (!db) return { id: request.id, ...(openFailure ?? { error: 'the history is closed' }) };
  try {
    const value = await runHistoryTask(
      db,
      request.task,
      (done, total) =>
        port?.postMessage({ id: request.id, progress: { done, total } } satisfies TaskReply),
      true,
    );
    return { id: request.id, value };
  } catch (caught) {
    // A SQLite failure keeps its code across: the core says it as a failure of the history.
    const code = caught instanceof Database.SqliteError ? caught.code : undefined;
    return { id: request.id, error: messageOf(caught), ...(code ? { code } : {}) };
  }
}

port?.on('message', (request: TaskRequest | 'close') => {
  queue = queue.then(async () => {
    if (request === 'close') {
      // The connection is closed cleanly, then the thread ends with nothing left to run.
      db?.close();
      db = undefined;
      port.close();
      return;
    }
    port.postMessage(await answer(request));
  });
});
