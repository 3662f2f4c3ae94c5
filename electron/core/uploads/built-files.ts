import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { makeFolder } from '../make-folder';
import path from 'node:path';
import type { BuiltFileView, FileScope } from '../../../shared/contract/outcomes';
import type { Destination } from '../../../shared/environment';
import type { ResponseFileKind, ResponseSeparator } from '../../../shared/outcomes/types';
import type { HistoryTasks } from '../tasks/thread-tasks';
import type { BuiltVerdict } from './built-check';
import type { TeamService } from '../team/team-service';
import { leftOutByTeam } from '../team/team-file-rows';

/** A file the core built and keeps, by its ID. */
export interface KeptFile {
  path: string;
  fileName: string;
  kind: ResponseFileKind;
  mimeType: 'text/csv' | 'application/zip';
  rows: number;
  /** What its build knew: a check by its ID stands on it while the bytes are the ones built. */
  verdict: BuiltVerdict;
}

/** What to build: as `outcomes.buildFile` takes it. */
export interface BuildRequest {
  batchId?: string;
  scope: FileScope;
  kind: ResponseFileKind;
  separator: ResponseSeparator;
  fileName: string;
}

/** Files kept at once: the one on screen, and a few the analyst may still save or send. */
const keptFiles = 4;

/** A folder of built files this old was left by an app that crashed: nothing can name its files. */
const abandonedAfterMs = 24 * 60 * 60_000;

/** Removes the folders of built files that crashed runs left behind. */
function removeAbandoned(parent: string, now: number): void {
  if (!existsSync(parent)) return;
  for (const name of readdirSync(parent)) {
    const folder = path.join(parent, name);
    try {
      if (now - statSync(folder).mtimeMs > abandonedAfterMs)
        rmSync(folder, { recursive: true, force: true });
    } catch {
      // Removed meanwhile by another app's start: nothing left to do.
    }
  }
}

/**
 * Response-variable files built by the core (issue 13): read and built on the history task
 * thread, written to a folder of this core's own in the data folder's `outgoing` (removed at
 * close, or a day on by a later start after a crash: a file is rebuilt from the history in
 * seconds), named to the window by an ID. The window sees the
 * preview; the check, the send and a saved copy take the file by its ID, so 45 MB never cross.
 *
 * With a team (issue 17) it syncs first, so colleagues' outcomes are in; unsent rows that the
 * team's ledger shows sent are left out. When the team cannot be asked, the file is this
 * workstation's view and `teamError` says why (a send then waits until the team answers).
 */
export function builtFiles(
  dataDir: string,
  tasks: HistoryTasks,
  team: TeamService,
  now = Date.now(),
) {
  const parent = path.join(dataDir, 'outgoing');
  removeAbandoned(parent, now);
  // A folder of this core's own: a second app on the same data folder keeps its files.
  const folder = path.join(parent, randomBytes(6).toString('hex'));
  const kept = new Map<string, KeptFile>();

  /** The transaction IDs to leave out, and why the team could not say, when it could not. */
  async function teamPart(
    environment: Destination,
    request: BuildRequest,
  ): Promise<{ exclude: string[]; teamError: string | null }> {
    if (!team.configured()) return { exclude: [], teamError: null };
    const synced = await team.sync();
    if (!synced.ok) return { exclude: [], teamError: synced.error.message };
    if (request.scope !== 'unsent') return { exclude: [], teamError: null };
    const rows = await tasks.run({
      kind: 'fileIds',
      environment,
      scope: request.scope,
      ...(request.batchId === undefined ? {} : { batchId: request.batchId }),
    });
    const held = await team.held(
      environment,
      rows.map((row) => row.transactionId),
    );
    if (!held.ok) return { exclude: [], teamError: held.error.message };
    const left = leftOutByTeam(held.value, team.analyst(), rows);
    return { exclude: [...new Set(left.map((line) => line.externalId))], teamError: null };
  }

  function keep(fileId: string, file: KeptFile): void {
    kept.set(fileId, file);
    for (const [oldId, old] of kept) {
      if (kept.size <= keptFiles) break;
      kept.delete(oldId);
      rmSync(old.path, { force: true });
      if (old.verdict.idsPath !== null) rmSync(old.verdict.idsPath, { force: true });
    }
  }

  return {
    /** Builds the file; `progress` hears of the rows read (see `OutcomesFileProgressEvent`). */
    async build(
      environment: Destination,
      request: BuildRequest,
      progress?: (done: number, total: number) => void,
    ): Promise<BuiltFileView> {
      const { exclude, teamError } = await teamPart(environment, request);
      makeFolder(folder, 0o700);
      const fileId = randomBytes(12).toString('base64url');
      const file = path.join(folder, `${fileId}.${request.kind}`);
      const idsPath = path.join(folder, `${fileId}.ids.json`);
      const built = await tasks.run(
        {
          kind: 'buildFile',
          environment,
          ...(request.batchId === undefined ? {} : { batchId: request.batchId }),
          scope: request.scope,
          exclude,
          fileKind: request.kind,
          separator: request.separator,
          fileName: request.fileName,
          path: file,
          idsPath,
        },
        progress,
      );
      const view: BuiltFileView = {
        rows: built.rows,
        problems: built.problems,
        file: built.file ? { ...built.file, fileId } : null,
        sentByTeam: exclude.length,
        teamError,
      };
      if (built.file)
        keep(fileId, {
          path: file,
          fileName: built.file.fileName,
          kind: built.file.kind,
          mimeType: built.file.mimeType,
          rows: built.rows,
          verdict: {
            sha256: built.file.sha256,
            environment,
            rows: built.rows,
            idsPath: built.idsWritten === true ? idsPath : null,
            historyStamp: built.historyStamp ?? '',
          },
        });
      return view;
    },
    /**
     * Removes every kept file and its IDs: after a purge or a forgotten CPF, a file built before
     * may hold the very transactions and DeviceIds the analyst asked to be rid of.
     */
    dropAll(): void {
      for (const [fileId, old] of kept) {
        kept.delete(fileId);
        rmSync(old.path, { force: true });
        if (old.verdict.idsPath !== null) rmSync(old.verdict.idsPath, { force: true });
      }
    },
    /** A kept file, or null when it is gone (too many built since, or the app restarted). */
    get: (fileId: string): KeptFile | null => kept.get(fileId) ?? null,
    close(): void {
      kept.clear();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

export type BuiltFiles = ReturnType<typeof builtFiles>;
