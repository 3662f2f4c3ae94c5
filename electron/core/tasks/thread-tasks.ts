import path from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { messageOf } from '../../../shared/message-of';
import type { Db } from '../store/db';
import type { Engine } from '../store/engine';
import {
  runHistoryTask,
  type HistoryTask,
  type TaskAnswers,
  type TaskProgress,
} from './history-tasks';

/**
 * How a host runs work over a whole batch on a thread of its own (`task-thread.ts`): the script
 * built beside its bundle (`dist/electron/history-tasks.cjs`), or, run from the repository,
 * `task-source.mjs`, which loads the source through tsx.
 */
export interface TaskThread {
  script: string;
  /** The SQLite module the thread loads: the same as the host's connection. */
  engine?: Engine;
}

/** The thread from the repository's source, for hosts run from it (the web host, tests). */
export function repositoryTaskThread(): TaskThread {
  return { script: path.resolve('electron/core/tasks/task-source.mjs') };
}

/** What the thread is started with. */
export interface TaskThreadData {
  file: string;
  engine: Engine;
}

export type TaskRequest = { id: number; task: HistoryTask };
export type TaskReply =
  | { id: number; value: unknown }
  | { id: number; error: string; code?: string }
  | { id: number; progress: { done: number; total: number } };

/** Runs history tasks and answers each; `close` ends the thread, if there is one. */
export interface HistoryTasks {
  run<K extends HistoryTask['kind']>(
    task: Extract<HistoryTask, { kind: K }>,
    progress?: TaskProgress,
  ): Promise<TaskAnswers[K]>;
  close(): Promise<void>;
}

/**
 * Work over a whole batch (a bulk outcome, a response file's build and check) off the core's
 * thread: on `thread`, with its own connection to the history file `file`, started at the first
 * task, so the thread that answers every window never holds for seconds. Tasks run one at a
 * time, in the order asked. A task that fails rejects with its reason; a thread that stops fails
 * the tasks waiting, and the next task starts a new one. Without `thread` (a door that gave
 * none), tasks run on `db`, on the core's thread.
 */
export function historyTasks(db: Db, file: string, thread?: TaskThread): HistoryTasks {
  if (!thread)
    return {
      run: (task, progress = () => undefined) =>
        runHistoryTask(db, task, progress) as Promise<never>,
      close: () => Promise.resolve(),
    };
  const script = thread.script;
  let worker: Worker | null = null;
  let next = 0;
  const waiting = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void; progress?: TaskProgress }
  >();

  function failAll(message: string): void {
    for (const task of waiting.values()) task.reject(new Error(message));
    waiting.clear();
  }

  function started(): Worker {
    if (worker) return worker;
    const made = new Worker(script, {
      workerData: { file, engine: thread?.engine ?? {} } satisfies TaskThreadData,
    });
    made.on('message', (reply: TaskReply) => {
      const task = waiting.get(reply.id);
      if (!task) return;
      if ('progress' in reply) return task.progress?.(reply.progress.done, reply.progress.total);
      waiting.delete(reply.id);
      if (waiting.size === 0) made.unref();
      if ('error' in reply)
        task.reject(
          reply.code ? new Database.SqliteError(reply.error, reply.code) : new Error(reply.error),
        );
      else task.resolve(reply.value);
    });
    made.on('error', (caught) => failAll(`the history task thread failed: ${messageOf(caught)}`));
    made.on('exit', (code) => {
      if (worker === made) worker = null;
      failAll(`the history task thread stopped (exit code ${String(code)})`);
    });
    made.unref();
    worker = made;
    return made;
  }

  return {
    run(task, progress) {
      const running = started();
      next += 1;
      const id = next;
      return new Promise((resolve, reject) => {
        if (waiting.size === 0) running.ref();
        waiting.set(id, { resolve: resolve as (value: unknown) => void, reject, progress });
        running.postMessage({ id, task } satisfies TaskRequest);
      });
    },
    async close() {
      const running = worker;
      if (!running) return;
      worker = null;
      failAll('the history tasks are closed');
      // Held until the thread has closed its connection cleanly.
      running.ref();
      const ended = new Promise<void>((resolve) => running.once('exit', () => resolve()));
      running.postMessage('close');
      await ended;
    },
  };
}
