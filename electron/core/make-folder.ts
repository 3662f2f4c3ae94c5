import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Creates a folder and its missing parents, one level at a time. Node's `recursive: true` retries
 * forever, at full CPU, where `mkdir` answers ENOENT under a parent that exists (`/proc/self`, a
 * dead FUSE mount): a `--data-dir` there hung `dcdesk` past SIGTERM. Here each level is tried
 * once, and its error is thrown as it came, for the caller's message.
 */
export function makeFolder(folder: string, mode?: number): void {
  const missing: string[] = [];
  for (let at = path.resolve(folder); !existsSync(at); at = path.dirname(at)) {
    missing.push(at);
    if (path.dirname(at) === at) break;
  }
  for (const level of missing.reverse()) {
    try {
      mkdirSync(level, mode === undefined ? {} : { mode });
    } catch (caught) {
      // Made meanwhile by another process: as good as made here.
      if ((caught as NodeJS.ErrnoException).code !== 'EEXIST') throw caught;
    }
  }
}
