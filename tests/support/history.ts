import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openHistory, type OpenedHistory } from '../../electron/core/store/db';

/** A real history database in a fresh temp folder; `close()` removes the folder. */
export async function tempHistory(): Promise<OpenedHistory & { dir: string; close: () => void }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'dcdesk-history-'));
  const opened = await openHistory(dir);
  if (!opened.ok) throw new Error(opened.error.message);
  return {
    ...opened.value,
    dir,
    close: () => {
      opened.value.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
