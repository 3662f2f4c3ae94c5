import { randomUUID } from 'node:crypto';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { makeFolder } from '../make-folder';
import path from 'node:path';

/**
 * Who has the history open. Each opening writes a marker named after its process and removes it
 * when it closes the history cleanly; a marker whose process is gone means that process ended
 * without closing (a crash, a kill, a power cut). Markers are per opening, so the app and dcdesk
 * can have the history open at once without either taking the other for a crashed one. The
 * presence of a `-wal` file cannot tell this: it stays while any other process has the file open.
 */
export const sessionsFolderName = 'history.open';

/**
 * When this process started, in whole seconds: it tells this process's markers from those of an
 * earlier process that had the same pid, and is the same in every thread of this process (a
 * random id per module copy would make one thread take another's markers for a crash's).
 */
const thisProcessStart = Math.round(Date.now() / 1000 - process.uptime());

export interface Session {
  file: string;
  pid: number;
  /** The process's start, in seconds since 1970. */
  started: number;
}

export interface SessionView {
  /** Markers of processes still running (this one's other openings included). */
  live: Session[];
  /** Markers of processes that ended without closing the history. */
  stale: Session[];
}

/** This process, as markers and in-flight uploads name it: its pid and its start. */
export function thisProcess(): { pid: number; started: number } {
  return { pid: process.pid, started: thisProcessStart };
}

/**
 * Whether the process a marker or an in-flight upload names still runs: this one is told apart
 * from an earlier process with the same pid by its start (one second of slack: threads compute
 * it from their own clock readings); another pid is asked of the system.
 */
export function processStillRuns(pid: number, started: number, runs = processRuns): boolean {
  return pid === process.pid ? Math.abs(started - thisProcessStart) <= 1 : runs(pid);
}

const markerName = /^(\d+)-(\d+)-[0-9a-f-]{36}\.open$/;

/** Whether a process runs; EPERM means it does, under another user. */
export function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (caught) {
    return (caught as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Sorts the markers in `dataDir` into live and stale. A marker with this pid but another start
 * time was written by an earlier process (containers reuse small pids after a restart): stale; another pid reused by
 * an unrelated program looks live, which only postpones a check to the next scheduled one.
 */
export function readSessions(dataDir: string, runs = processRuns): SessionView {
  const folder = path.join(dataDir, sessionsFolderName);
  const view: SessionView = { live: [], stale: [] };
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return view;
  }
  for (const name of names) {
    const match = markerName.exec(name);
    if (!match) continue;
    const session = {
      file: path.join(folder, name),
      pid: Number(match[1]),
      started: Number(match[2]),
    };
    const alive = processStillRuns(session.pid, session.started, runs);
    (alive ? view.live : view.stale).push(session);
  }
  return view;
}

/**
 * Writes this opening's marker; the returned function removes it (the clean close). The marker
 * is empty: its name says all, and an empty file takes no space on the disk, so a history on a
 * full disk still opens (to be read, or to have a batch deleted to make room).
 */
export function markOpen(dataDir: string): () => void {
  const folder = path.join(dataDir, sessionsFolderName);
  makeFolder(folder);
  const file = path.join(
    folder,
    `${String(process.pid)}-${String(thisProcessStart)}-${randomUUID()}.open`,
  );
  writeFileSync(file, '');
  return () => rmSync(file, { force: true });
}

export function forget(sessions: Session[]): void {
  for (const session of sessions) rmSync(session.file, { force: true });
}
