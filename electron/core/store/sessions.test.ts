import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { markOpen, processRuns, readSessions, sessionsFolderName } from './sessions';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-sessions-'));
  dirs.push(dir);
  return dir;
}

const thisStart = Math.round(Date.now() / 1000 - process.uptime());

/** A marker as a process that started at `started` (seconds) writes it. */
function marker(dir: string, pid: number, started = thisStart - 3600): string {
  const folder = path.join(dir, sessionsFolderName);
  mkdirSync(folder, { recursive: true });
  const name = `${String(pid)}-${String(started)}-${randomUUID()}.open`;
  writeFileSync(path.join(folder, name), 'x\n');
  return name;
}

const names = (sessions: Array<{ file: string }>) =>
  sessions.map((session) => path.basename(session.file)).sort();

describe('readSessions', () => {
  it('tells live openings from those of ended processes', () => {
    const dir = tempDir();
    const live = marker(dir, 1001);
    const ended = marker(dir, 1002);
    const view = readSessions(dir, (pid) => pid === 1001);
    expect(names(view.live)).toEqual([live]);
    expect(names(view.stale)).toEqual([ended]);
  });

  it("takes a marker with this pid from an earlier process as stale, and this process's as live", () => {
    const dir = tempDir();
    const earlier = marker(dir, process.pid);
    // Another thread of this process (its own copy of the module) writes the same start time.
    const otherThread = marker(dir, process.pid, thisStart);
    const unmark = markOpen(dir);
    const view = readSessions(dir, () => true);
    expect(names(view.stale)).toEqual([earlier]);
    expect(view.live).toHaveLength(2);
    expect(names(view.live)).toContain(otherThread);
    unmark();
    expect(readdirSync(path.join(dir, sessionsFolderName)).sort()).toEqual(
      [earlier, otherThread].sort(),
    );
  });

  it('ignores files that are not markers, and a missing folder', () => {
    const dir = tempDir();
    expect(readSessions(dir)).toEqual({ live: [], stale: [] });
    mkdirSync(path.join(dir, sessionsFolderName));
    writeFileSync(path.join(dir, sessionsFolderName, 'notes.txt'), 'x');
    expect(readSessions(dir, () => false)).toEqual({ live: [], stale: [] });
  });
});

describe('processRuns', () => {
  it('is true for this process and false for a pid no process has', () => {
    expect(processRuns(process.pid)).toBe(true);
    // Above Linux's pid_max (4,194,304) and Windows' practical range.
    expect(processRuns(2 ** 30)).toBe(false);
  });
});
